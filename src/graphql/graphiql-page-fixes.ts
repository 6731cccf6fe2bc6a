/**
 * Four faults of the GraphiQL 5 page that @graphql-yoga/render-graphiql 5.24 builds, fixed in
 * the rendered HTML (the package offers no option for any of them). Each is held by
 * test/browser/graphiql-tabs.test.ts in Chromium, so an upgrade that changes the page shows.
 */

/**
 * Mouse clicks on tabs. The draggable tabs keep a stale drag offset in their inline `transform`,
 * which GraphiQL's own CSS applies only while a tab has the focus: the mouse press focuses the
 * tab, the tab jumps from under the pointer, and the click is lost. Tabs stay in place; dragging
 * still reorders them when the pointer passes a neighbour.
 */
const tabStyle = '<style>.graphiql-tab{transform:none!important}</style>';

/**
 * Tooltips. The minified bundle names each icon's `<title>` after its minified component
 * ("wze icon" on the close-tab button): each icon takes the label of the button it is in, and
 * loses its title when there is none.
 */
const iconTitles = `<script>
const nameIcon = (title) => {
  const label = title.parentElement.closest('[aria-label]')?.getAttribute('aria-label');
  if (label) title.textContent = label;
  else title.remove();
};
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node.nodeType === 1) (node.matches('svg > title') ? [node] : node.querySelectorAll('svg > title')).forEach(nameIcon);
}).observe(document, { childList: true, subtree: true });
</script>`;

/**
 * Headers of a new tab. Yoga passes its `headers` option to GraphiQL as `defaultHeaders`, which
 * every new tab copies; GraphiQL fills the first tab's header editor from them too, not from that
 * tab's own headers (as it does for its query). So the first tab takes its own headers, and
 * `headers` can stay unset: a new tab starts with none.
 */
const firstTabHeaders = {
  bundle: 'initialHeaders:mt??s??""',
  fixed: 'initialHeaders:mt??(Ln===0?Kt[0].headers:null)??s??""',
};

/**
 * Docs search. The doc explorer's search matches type, field and argument names only, so a search
 * for the words people use ("photo" for `Person.profilePath`) found nothing, though the
 * descriptions say them: a field whose description matches is listed too.
 */
const searchDescriptions = {
  bundle: 'for(const g in f){const b=f[g];let y;if(!fZ(g,o))if("args"in b)',
  fixed: 'for(const g in f){const b=f[g];let y;if(!fZ(g,o)&&!fZ(b.description??"",o))if("args"in b)',
};

/** The page with the four fixes. A page that no longer has the patched text is left as it is. */
export function fixGraphiQLPage(html: string): string {
  return html
    .replace('</head>', () => `${tabStyle}${iconTitles}</head>`)
    .replace(firstTabHeaders.bundle, () => firstTabHeaders.fixed)
    .replace(searchDescriptions.bundle, () => searchDescriptions.fixed);
}
