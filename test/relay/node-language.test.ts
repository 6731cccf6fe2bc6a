import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33, item 1: a global id (then `nodeId`, now `id`) named a movie in no language, so the same id came back with a
 * French title and an English one, and every normalised store (Relay's, Apollo's, urql's) kept
 * whichever it saw last; `node(id:)` took no language, so a refetch from a French screen came back
 * in English. Now a global id names the object in the language its fields resolved in ("Movie:1@fr-FR";
 * the default language, en-US, keeps "Movie:1"), and `node`/`nodes` answer in the id's language,
 * whatever Accept-Language says, down to a connection's next page.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

/** A movie whose French and German titles differ from its English one. */
function translatedMovie() {
  const { movies, movieExtras } = h.catalog.data;
  const titleIn = (id: number, code: string) => movieExtras.get(id)?.translations.find((t) => t.iso_639_1 === code)?.data.title;
  const movie = movies.find((m) => {
    const fr = titleIn(m.id, 'fr');
    const de = titleIn(m.id, 'de');
    return m.original_language === 'en' && fr && de && fr !== m.title && de !== m.title && fr !== de;
  })!;
  return { id: movie.id, en: movie.title, fr: titleIn(movie.id, 'fr')!, de: titleIn(movie.id, 'de')! };
}

/** A POST with its Content-Language, the answer expected whole (no errors). */
async function ask(query: string, variables: Record<string, unknown> = {}, acceptLanguage?: string) {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return { data: body.data, contentLanguage: response.headers.get('content-language') };
}

const decoded = (nodeId: string) => Buffer.from(nodeId, 'base64url').toString();

describe('a global id names the object in one language', () => {
  it('the fr/en query of the issue answers two ids, each with its own title', async () => {
    const movie = translatedMovie();
    const { data } = await ask(`{
      fr: movie(id: ${movie.id}, language: "fr-FR") { id title }
      en: movie(id: ${movie.id}) { id title }
    }`);
    expect(data.fr.title).toBe(movie.fr);
    expect(data.en.title).toBe(movie.en);
    expect(data.fr.id).not.toBe(data.en.id);
    expect(decoded(data.fr.id)).toBe(`Movie:${movie.id}@fr-FR`);
    // The default language keeps the id it always had, asked for or not.
    expect(decoded(data.en.id)).toBe(`Movie:${movie.id}`);
  });

  it('the id follows the language the fields resolved in, however it was chosen', async () => {
    const movie = translatedMovie();
    const query = `{ movie(id: ${movie.id}) { id } }`;
    const plain = (await ask(query)).data.movie.id;
    expect((await ask(query, {}, 'en-US')).data.movie.id).toBe(plain);
    expect((await ask(`{ movie(id: ${movie.id}, language: "en-US") { id } }`, {}, 'fr-FR')).data.movie.id).toBe(plain);
    const french = (await ask(query, {}, 'fr-FR')).data.movie.id;
    expect((await ask(`{ movie(id: ${movie.id}, language: "fr-FR") { id } }`)).data.movie.id).toBe(french);
    expect(french).not.toBe(plain);
  });
});

describe('node(id:) and nodes(ids:) answer in the id’s language', () => {
  it('a French id answers French with no Accept-Language; the default id answers English under Accept-Language: fr-FR', async () => {
    const movie = translatedMovie();
    const ids = (await ask(`{ fr: movie(id: ${movie.id}, language: "fr-FR") { id } en: movie(id: ${movie.id}) { id } }`)).data;
    const query = 'query($id: ID!) { node(id: $id) { id ... on Movie { id title genres { databaseId id name } } } }';

    const french = await ask(query, { id: ids.fr.id });
    expect(french.data.node).toMatchObject({ id: ids.fr.id, title: movie.fr });
    expect(french.contentLanguage).toBe('fr-FR');

    const english = await ask(query, { id: ids.en.id }, 'fr-FR');
    expect(english.data.node).toMatchObject({ id: ids.en.id, title: movie.en });
    expect(english.contentLanguage).toBe('en-US');
    // Its genres too: the whole subtree is in the id's language.
    const genres = (await ask(`{ movie(id: ${movie.id}) { id genres { databaseId id name } } }`)).data.movie.genres;
    expect(english.data.node.genres).toEqual(genres);
    expect(french.data.node.genres).toEqual(
      (await ask(`{ movie(id: ${movie.id}) { id genres { databaseId id name } } }`, {}, 'fr-FR')).data.movie.genres,
    );
    // The catalog was asked in each id's language.
    expect(h.catalog.calls.filter((call) => call.path === `/movie/${movie.id}`).map((call) => call.query.language)).toContain('fr-FR');
  });

  it('nodes(ids:) answers each item in its own id’s language', async () => {
    const movie = translatedMovie();
    const ids = (
      await ask(`{
        fr: movie(id: ${movie.id}, language: "fr-FR") { id }
        de: movie(id: ${movie.id}, language: "de-DE") { id }
        en: movie(id: ${movie.id}) { id }
      }`)
    ).data;
    const { data, contentLanguage } = await ask(
      'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Movie { id title } } }',
      { ids: [ids.de.id, ids.en.id, ids.fr.id] },
      'es-ES',
    );
    expect(data.nodes).toEqual([
      { id: ids.de.id, title: movie.de },
      { id: ids.en.id, title: movie.en },
      { id: ids.fr.id, title: movie.fr },
    ]);
    expect(contentLanguage).toBe('de-DE, en-US, fr-FR');
  });

  it('a connection’s next page through node(id:) continues in the record’s language', async () => {
    // A season whose episodes 3 and 4 have French names of their own.
    let found: { series: number; fr: any; en: any } | undefined;
    for (const series of h.catalog.data.tvSeries) {
      if (!(h.catalog.data.seasons.get(series.id) ?? []).some((s) => s.season_number === 1 && s.episodes.length >= 4)) continue;
      const [fr, en] = await Promise.all(['fr-FR', 'en-US'].map((language) => h.rest(`/tv/${series.id}/season/1?language=${language}`)));
      if ([2, 3].every((i) => fr.episodes[i].name !== en.episodes[i].name)) {
        found = { series: series.id, fr, en };
        break;
      }
    }
    const { series, fr } = found!;
    const first = await ask(
      `{ tvSeries(id: ${series}, language: "fr-FR") { id season(number: 1) { id episodesConnection(first: 2) { id pageInfo { id endCursor } } } } }`,
    );
    const season = first.data.tvSeries.season;
    const next = await ask(
      `query($id: ID!, $after: String) { node(id: $id) { id ... on Season {
        id
        episodesConnection(first: 2, after: $after) { id edges { id node { id name } } }
      } } }`,
      { id: season.id, after: season.episodesConnection.pageInfo.endCursor },
    );
    const edges = next.data.node.episodesConnection.edges;
    expect(edges.map((e: any) => e.node.name)).toEqual([fr.episodes[2].name, fr.episodes[3].name]);
    expect(edges.map((e: any) => decoded(e.node.id))).toEqual([`Episode:${series}:1:3@fr-FR`, `Episode:${series}:1:4@fr-FR`]);
    expect(next.contentLanguage).toBe('fr-FR');

    // A movie's reviews: the next page is asked of the catalog in French too.
    const movie = h.catalog.data.movies.find(
      (m) => h.catalog.data.reviews.filter((r) => r.media_id === m.id && r.media_type === 'movie').length >= 4,
    )!;
    const page = await ask(`{ movie(id: ${movie.id}, language: "fr-FR") { id reviews(first: 2) { id pageInfo { id endCursor } } } }`);
    h.catalog.resetCalls();
    const more = await ask(
      'query($id: ID!, $after: String) { node(id: $id) { id ... on Movie { id reviews(first: 2, after: $after) { id edges { id node { id } } } } } }',
      { id: page.data.movie.id, after: page.data.movie.reviews.pageInfo.endCursor },
    );
    expect(more.data.node.reviews.edges).toHaveLength(2);
    const calls = h.catalog.calls.filter((call) => call.path === `/movie/${movie.id}/reviews`);
    expect(calls.map((call) => call.query.language)).toEqual(['fr-FR']);
    expect(decoded(more.data.node.reviews.edges[0].node.id)).toMatch(/^Review:[0-9a-f]{24}@fr-FR$/);
  });

  it('refuses a malformed language part, or the default written out, with BAD_USER_INPUT on id, before any call', async () => {
    const movie = translatedMovie();
    for (const text of [
      `Movie:${movie.id}@french`,
      `Movie:${movie.id}@fr_FR`,
      `Movie:${movie.id}@`,
      `Movie:${movie.id}@en-US`,
      `Movie:${movie.id}@fr-FR@de-DE`,
    ]) {
      const response = await h.query('query($id: ID!) { node(id: $id) { id } }', { id: Buffer.from(text).toString('base64url') });
      expect(errorCodes(response), text).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions?.argument).toBe('id');
    }
    expect(h.catalog.calls).toEqual([]);
  });
});
