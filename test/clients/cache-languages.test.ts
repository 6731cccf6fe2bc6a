import './apollo-dev.ts';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes, urqlSchema } from '../../schema/client-cache.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 33, item 1, in the real client stores: after a movie's French page, its English page
 * overwrote the French record (same `__typename` + `id`), so the French page showed the English
 * title beside French genres, or the English home card the French title. Every object's `id`
 * names it in one language (the movie's and each genre's), so real Apollo InMemoryCache and real
 * urql graphcache, keyed by `id` with no key configuration, over HTTP to the gateway, keep both
 * pages whole, and a `node(id:)` refetch of the French record stays French.
 */
let h: Harness;
let movie: { id: number; en: { title: string; genres: string[] }; fr: { title: string; genres: string[] } };

beforeAll(async () => {
  h = await startHarness();
  // A movie whose French title and at least one French genre name differ from the English ones.
  for (const candidate of h.catalog.data.movies) {
    const frTitle = h.catalog.data.movieExtras.get(candidate.id)?.translations.find((t) => t.iso_639_1 === 'fr')?.data.title;
    if (candidate.original_language !== 'en' || !frTitle || frTitle === candidate.title) continue;
    const [en, french] = await Promise.all([h.rest(`/movie/${candidate.id}`), h.rest(`/movie/${candidate.id}?language=fr-FR`)]);
    const names = (answer: any) => answer.genres.map((genre: { name: string }) => genre.name);
    if (names(en).some((name: string, i: number) => name !== names(french)[i])) {
      movie = { id: candidate.id, en: { title: en.title, genres: names(en) }, fr: { title: french.title, genres: names(french) } };
      break;
    }
  }
  expect(movie).toBeDefined();
});
afterAll(() => h.close());

/** A movie page, as an app asks it in the language the user chose. */
const PAGE = /* GraphQL */ `
  query MoviePage($id: Int!, $language: String) {
    movie(id: $id, language: $language) {
      id
      databaseId
      title
      genres {
        databaseId
        id
        name
      }
    }
  }
`;

/** A refetch by global id (Relay's and a deep link's way in): no language but the id's. */
const REFETCH = /* GraphQL */ `
  query Refetch($id: ID!) {
    node(id: $id) {
      id
      ... on Movie {
        databaseId
        id
        title
        genres {
          databaseId
          id
          name
        }
      }
    }
  }
`;

/** The ids of the records in an Apollo cache. */
const storeKeys = (apollo: ApolloClient) => Object.keys(apollo.cache.extract() as Record<string, unknown>);
const shown = (data: any) => ({ title: data.movie.title, genres: data.movie.genres.map((genre: { name: string }) => genre.name) });
const french = () => ({ id: movie.id, language: 'fr-FR' });
const english = () => ({ id: movie.id, language: null });

describe('Apollo InMemoryCache with the generated possibleTypes', () => {
  it('keeps the French and the English page of one movie apart, and a node(id:) refetch of the French one stays French', async () => {
    const apollo = new ApolloClient({
      link: new HttpLink({ uri: h.url }),
      cache: new InMemoryCache({ possibleTypes }),
    });
    const fr = await apollo.query({ query: gql(PAGE), variables: french() });
    const en = await apollo.query({ query: gql(PAGE), variables: english() });
    expect(shown(fr.data)).toEqual(movie.fr);
    expect(shown(en.data)).toEqual(movie.en);

    // Both pages read back from the store as they were answered: neither overwrote the other.
    expect(shown(apollo.readQuery({ query: gql(PAGE), variables: french() }))).toEqual(movie.fr);
    expect(shown(apollo.readQuery({ query: gql(PAGE), variables: english() }))).toEqual(movie.en);
    const records = storeKeys(apollo).filter((key) => key.startsWith('Movie:'));
    expect(records).toHaveLength(2);
    // A genre record per language: none that both languages share.
    const genreIds = (data: any) => data.movie.genres.map((genre: { id: string }) => `Genre:${genre.id}`);
    expect(storeKeys(apollo).filter((key) => key.startsWith('Genre:'))).toHaveLength(movie.fr.genres.length + movie.en.genres.length);
    expect(genreIds(fr.data).filter((key: string) => genreIds(en.data).includes(key))).toEqual([]);

    // A refetch of the French record by its id answers French and lands on the same record.
    const frId = (fr.data as any).movie.id;
    const refetched = await apollo.query({ query: gql(REFETCH), variables: { id: frId }, fetchPolicy: 'network-only' });
    expect((refetched.data as any).node).toMatchObject({ id: frId, title: movie.fr.title });
    expect(shown(apollo.readQuery({ query: gql(PAGE), variables: french() }))).toEqual(movie.fr);
    expect(shown(apollo.readQuery({ query: gql(PAGE), variables: english() }))).toEqual(movie.en);
    expect(storeKeys(apollo).filter((key) => key.startsWith('Movie:'))).toEqual(records);
  });
});

describe('urql graphcache with the generated schema', () => {
  it('keeps the French and the English page of one movie apart, and a node(id:) refetch of the French one stays French', async () => {
    const client = new Client({ url: h.url, exchanges: [cacheExchange({ schema: urqlSchema }), fetchExchange] });
    const fr = await client.query(PAGE, french()).toPromise();
    const en = await client.query(PAGE, english()).toPromise();
    expect(fr.error).toBeUndefined();
    expect(shown(fr.data)).toEqual(movie.fr);
    expect(shown(en.data)).toEqual(movie.en);

    const cached = async (variables: Record<string, unknown>) => {
      const result = await client.query(PAGE, variables, { requestPolicy: 'cache-only' }).toPromise();
      expect(result.stale).toBe(false);
      return shown(result.data);
    };
    expect(await cached(french())).toEqual(movie.fr);
    expect(await cached(english())).toEqual(movie.en);

    const frId = fr.data.movie.id;
    const refetched = await client.query(REFETCH, { id: frId }, { requestPolicy: 'network-only' }).toPromise();
    expect(refetched.data.node).toMatchObject({ id: frId, title: movie.fr.title });
    expect(await cached(french())).toEqual(movie.fr);
    expect(await cached(english())).toEqual(movie.en);
  });
});
