import { Suspense, useDeferredValue, useState } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { Search_query$key } from './__generated__/Search_query.graphql';
import type { SearchQuery } from './__generated__/SearchQuery.graphql';

/** Search as you type over movies, series and people; the results of the last text stay on screen while the next load. */
export function SearchScreen() {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  return (
    <main>
      <h1>Search</h1>
      <input type="search" aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      {query && (
        <Suspense fallback={<p className="loading">Searching…</p>}>
          <SearchResults query={query} />
        </Suspense>
      )}
    </main>
  );
}

function SearchResults({ query }: { query: string }) {
  const root = useLazyLoadQuery<SearchQuery>(
    graphql`
      query SearchQuery($query: String!) {
        ...Search_query @arguments(query: $query)
      }
    `,
    { query },
  );
  return <ResultList root={root} />;
}

function ResultList({ root }: { root: Search_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment Search_query on Query
      @refetchable(queryName: "SearchPaginationQuery")
      @argumentDefinitions(query: { type: "String!" }, first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
        search {
          id
          multi(query: $query, first: $first, after: $after) @connection(key: "Search_multi") {
            id
            edges {
              id
              node {
                __typename
                ... on Movie {
                  id
                  databaseId
                  title
                }
                ... on TVSeries {
                  id
                  databaseId
                  name
                }
                ... on Person {
                  id
                  name
                }
              }
            }
          }
        }
      }
    `,
    root,
  );
  return (
    <>
      <ul className="results">
        {(data.search?.multi?.edges ?? []).map(({ node }) => {
          switch (node.__typename) {
            case 'Movie':
              return <Result key={node.id} kind="movie" href={`#/movie/${node.databaseId}`} text={node.title} />;
            case 'TVSeries':
              return <Result key={node.id} kind="series" href={`#/tv/${node.databaseId}`} text={node.name} />;
            case 'Person':
              return <Result key={node.id} kind="person" href={`#/person/${encodeURIComponent(node.id)}`} text={node.name} />;
            default:
              return null;
          }
        })}
      </ul>
      {hasNext && (
        <button type="button" disabled={isLoadingNext} onClick={() => loadNext(10)}>
          More results
        </button>
      )}
    </>
  );
}

const Result = ({ kind, href, text }: { kind: string; href: string; text: string }) => (
  <li className={kind}>
    <a href={href}>{text}</a>
  </li>
);
