/**
 * Season and episode sub-resources beyond details: season account_states, translations, videos,
 * watch providers and changes (by season id); episode external ids, images, translations, videos,
 * changes (by episode id) and the rating writes. Sub-resources of the detail paths are appendable.
 */
import { CACHE } from '../caching.ts';
import { episodeAccountState } from '../data/account-state.ts';
import type { SeasonEpisode } from '../data/tv-types.ts';
import { CODE, CatalogError, writeSuccess } from '../errors.ts';
import { primaryLanguage, readImageLanguages } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';
import { viewerOf } from '../viewer.ts';
import { changesBody } from './changes.ts';
import { seasonOf } from './tv-seasons.ts';

const SEASON = '/tv/{series_id:int}/season/{season_number:int}';
const EPISODE = `${SEASON}/episode/{episode_number:int}`;

function seasonExtrasOf(request: RouteRequest) {
  const season = seasonOf(request);
  const extras = request.catalog.data.seasonExtras.get(season.id);
  if (!extras) throw new CatalogError(CODE.notFound);
  return { season, extras };
}

function episodeOf(request: RouteRequest): SeasonEpisode {
  return request.catalog.lookup.episode(
    intParam(request, 'series_id'),
    intParam(request, 'season_number'),
    intParam(request, 'episode_number'),
  );
}

function episodeExtrasOf(request: RouteRequest) {
  const episode = episodeOf(request);
  const extras = request.catalog.data.episodeExtras.get(episode.id);
  if (!extras) throw new CatalogError(CODE.notFound);
  return { episode, extras };
}

/** `include_video_language` (comma list, "null" for none) plus the language of `language` narrow videos. */
function videoFilter(request: RouteRequest): (iso: string) => boolean {
  const wanted = new Set<string>();
  const primary = primaryLanguage(request.query.language ?? '');
  if (primary) wanted.add(primary);
  for (const part of (request.query.include_video_language ?? '').split(',')) {
    const code = primaryLanguage(part);
    if (code) wanted.add(code);
  }
  return wanted.size === 0 ? () => true : (iso) => wanted.has(iso || 'null');
}

/** The rating body: a number from 0.5 to 10 in steps of 0.5, else 400 code 18. */
function ratingValue(body: Readonly<Record<string, unknown>>): number {
  const value = body.value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.5 || value > 10 || !Number.isInteger(value * 2)) {
    throw new CatalogError(CODE.validationFailed);
  }
  return value;
}

export const seasonExtraRoutes: Route[] = [
  {
    // { id: season id, results: [{ id, episode_number, rated }] } for the session's account or guest.
    method: 'GET',
    path: `${SEASON}/account_states`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      const viewer = viewerOf(request, { guests: true });
      const results = season.episodes.map((episode) => ({
        id: episode.id,
        episode_number: episode.episode_number,
        rated: episodeAccountState(request.catalog.data, viewer.rater, episode.id).rated,
      }));
      return { body: { id: season.id, results }, cache: CACHE.private };
    },
  },
  {
    method: 'GET',
    path: `${SEASON}/translations`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { season, extras } = seasonExtrasOf(request);
      return { body: { id: season.id, translations: extras.translations }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SEASON}/videos`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { season, extras } = seasonExtrasOf(request);
      const keep = videoFilter(request);
      return { body: { id: season.id, results: extras.videos.filter((video) => keep(video.iso_639_1)) }, cache: CACHE.details };
    },
  },
  {
    // The series' offers once the season has aired; none before.
    method: 'GET',
    path: `${SEASON}/watch/providers`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      const { data } = request.catalog;
      const aired = season.air_date !== '' && season.air_date <= data.today;
      const results = aired ? (data.tvSeriesExtras.get(intParam(request, 'series_id'))?.watchProviders ?? {}) : {};
      return { body: { id: season.id, results }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/season/{season_id:int}/changes',
    handle: (request) => {
      const { data } = request.catalog;
      const extras = data.seasonExtras.get(intParam(request, 'season_id'));
      if (!extras) throw new CatalogError(CODE.notFound);
      return { body: changesBody(extras.changes, request.query, data.today), cache: CACHE.changes };
    },
  },
  {
    method: 'GET',
    path: `${EPISODE}/external_ids`,
    appendAs: 'sub-resource',
    handle: (request) => ({ body: episodeExtrasOf(request).extras.externalIds, cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: `${EPISODE}/images`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { episode, extras } = episodeExtrasOf(request);
      const selected = readImageLanguages(request.query);
      const stills = selected ? extras.stills.filter((image) => selected(image.iso_639_1)) : extras.stills;
      return { body: { id: episode.id, stills }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${EPISODE}/translations`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { episode, extras } = episodeExtrasOf(request);
      return { body: { id: episode.id, translations: extras.translations }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${EPISODE}/videos`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const { episode, extras } = episodeExtrasOf(request);
      const keep = videoFilter(request);
      return { body: { id: episode.id, results: extras.videos.filter((video) => keep(video.iso_639_1)) }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: '/tv/episode/{episode_id:int}/changes',
    handle: (request) => {
      const { data } = request.catalog;
      const extras = data.episodeExtras.get(intParam(request, 'episode_id'));
      if (!extras) throw new CatalogError(CODE.notFound);
      return { body: changesBody(extras.changes, request.query, data.today), cache: CACHE.changes };
    },
  },
  {
    // Body { value }: 201 code 1 for a new rating, 201 code 12 when it replaced one.
    method: 'POST',
    path: `${EPISODE}/rating`,
    handle: (request) => {
      const episode = episodeOf(request);
      const viewer = viewerOf(request, { guests: true });
      const value = ratingValue(request.body);
      const outcome = request.catalog.data.ratings.rate('episode', episode.id, viewer.rater, value);
      return { ...writeSuccess(outcome === 'created' ? CODE.success : CODE.itemUpdated, 201), cache: CACHE.write };
    },
  },
  {
    // 200 code 13, also when there was no rating to delete.
    method: 'DELETE',
    path: `${EPISODE}/rating`,
    handle: (request) => {
      const episode = episodeOf(request);
      const viewer = viewerOf(request, { guests: true });
      request.catalog.data.ratings.unrate('episode', episode.id, viewer.rater);
      return { ...writeSuccess(CODE.itemDeleted, 200), cache: CACHE.write };
    },
  },
];
