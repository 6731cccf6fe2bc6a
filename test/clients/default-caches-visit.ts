import { Kind, parse, print, visit } from 'graphql';
import { expect } from 'vitest';
import type { Harness } from '../helpers.ts';
import * as documentModule from '../relay/fixtures-defaults/DefaultCaches.ts';

/**
 * The visit both default-caches tests make (test/clients in Node, test/browser in Chromium): the
 * fixture's documents, the catalog objects they ask for, the steps in a user's order, the control
 * that strips the value objects' ids, and the check that the two languages stay apart.
 */
export const documents: Record<keyof typeof documentModule, string> = { ...documentModule };
export type DocumentName = keyof typeof documents;
export type Subject = { movieId: number; personId: number; seriesId: number; en: string; fr: string };

/** Relay's name of a fixture document's artifact. */
export const relayName = (name: string) => `DefaultCaches${name[0]!.toUpperCase()}${name.slice(1)}Query`;

/** A reviewed movie with backdrops and a French title of its own, its first cast member, a series with a season 1. */
export async function pickSubject(h: Harness): Promise<Subject> {
  const { movies, movieExtras, reviews, movieImages, tvSeries, seasons } = h.catalog.data;
  const frTitle = (id: number) => movieExtras.get(id)?.translations.find((t) => t.iso_639_1 === 'fr')?.data.title;
  const reviewed = new Set(reviews.filter((review) => review.media_type === 'movie').map((review) => review.media_id));
  const movie = movies.find(
    (m) => reviewed.has(m.id) && (movieImages.get(m.id)?.backdrops.length ?? 0) > 0 && frTitle(m.id) && frTitle(m.id) !== m.title,
  );
  const series = tvSeries.find((one) => seasons.get(one.id)?.some((season) => season.season_number === 1));
  if (!movie || !series) throw new Error('the catalog has no reviewed movie with backdrops and a French title, or no season 1');
  const credits = await h.rest(`/movie/${movie.id}/credits`);
  return { movieId: movie.id, personId: credits.cast[0].id, seriesId: series.id, en: movie.title, fr: frTitle(movie.id)! };
}

/** The queries in the order a user's visit sends them: a movie's page and more, a list, a person, a season, the movie in French. */
export const visitSteps = (subject: Subject): { name: DocumentName; variables: Record<string, unknown> }[] => [
  { name: 'moviePage', variables: { id: subject.movieId, language: null } },
  { name: 'movieMore', variables: { id: subject.movieId, language: null } },
  { name: 'movieList', variables: { ids: [subject.movieId] } },
  { name: 'personPage', variables: { id: subject.personId } },
  { name: 'seasonPage', variables: { id: subject.seriesId } },
  { name: 'moviePage', variables: { id: subject.movieId, language: 'fr-FR' } },
  { name: 'movieMore', variables: { id: subject.movieId, language: 'fr-FR' } },
];

/** The document without `id` on any object but a movie, series, season, episode or person: as queries were before 1.0. */
export function withoutValueIds(text: string): string {
  const nodes = new Set(['movie', 'movies', 'person', 'tvSeries', 'season', 'episodes', 'node']);
  return print(
    visit(parse(text), {
      Field: (field) =>
        field.selectionSet && !nodes.has(field.name.value)
          ? {
              ...field,
              selectionSet: {
                ...field.selectionSet,
                selections: field.selectionSet.selections.filter((s) => s.kind !== Kind.FIELD || s.name.value !== 'id'),
              },
            }
          : undefined,
    }),
  );
}

/** The English page shows the English title, the French the French, the list the English. */
export function expectLanguagesApart(subject: Subject, readBack: any[]) {
  expect(readBack[0].movie.title).toBe(subject.en);
  expect(readBack[5].movie.title).toBe(subject.fr);
  expect(readBack[2].movies[0].title).toBe(subject.en);
}
