/**
 * Credits: of a movie, a series (latest season and aggregate), a season (and its aggregate), an
 * episode (with guest stars), and one credit by its id. All served from data/credits.ts, the very
 * records behind each person's credits.
 */
import { CACHE } from '../caching.ts';
import { CODE, CatalogError } from '../errors.ts';
import { intParam, type Route, type RouteRequest, textParam } from '../router.ts';
import { movieSummary, tvSummary } from './shapes.ts';
import { personById } from './people.ts';

const SERIES = '/tv/{series_id:int}';
const SEASON = `${SERIES}/season/{season_number:int}`;
const EPISODE = `${SEASON}/episode/{episode_number:int}`;

function seasonOf(request: RouteRequest) {
  return request.catalog.lookup.season(intParam(request, 'series_id'), intParam(request, 'season_number'));
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new CatalogError(CODE.notFound);
  return value;
}

function creditDetails(request: RouteRequest, creditId: string) {
  const { data, lookup } = request.catalog;
  const credit = found(data.credits.byId.get(creditId));
  const person = personById(data, credit.personId);
  const character = credit.character !== undefined ? { character: credit.character } : {};
  let media: Record<string, unknown>;
  if (credit.media_type === 'movie') {
    media = { ...movieSummary(lookup.movie(credit.mediaId)), media_type: 'movie', ...character };
  } else {
    const seasons = data.seasons.get(credit.mediaId) ?? [];
    media = {
      ...tvSummary(lookup.tvSeries(credit.mediaId)),
      ...character,
      episodes: credit.episodes.map((at) => {
        const ep = lookup.episode(credit.mediaId, at.season_number, at.episode_number);
        return {
          air_date: ep.air_date,
          episode_number: ep.episode_number,
          id: ep.id,
          name: ep.name,
          overview: ep.overview,
          production_code: ep.production_code,
          runtime: ep.runtime,
          season_number: ep.season_number,
          show_id: ep.show_id,
          still_path: ep.still_path,
          vote_average: ep.vote_average,
          vote_count: ep.vote_count,
        };
      }),
      seasons: seasons
        .filter((s) => credit.seasons.includes(s.season_number))
        .map((s) => ({
          air_date: s.air_date,
          episode_count: s.episodes.length,
          id: s.id,
          name: s.name,
          overview: s.overview,
          poster_path: s.poster_path,
          season_number: s.season_number,
          show_id: credit.mediaId,
        })),
    };
  }
  return {
    credit_type: credit.credit_type,
    department: credit.department,
    job: credit.job,
    media,
    media_type: credit.media_type,
    id: credit.id,
    person: {
      adult: person.adult,
      id: person.id,
      name: person.name,
      original_name: person.name,
      media_type: 'person',
      popularity: person.popularity,
      gender: person.gender,
      known_for_department: person.known_for_department,
      profile_path: person.profile_path,
    },
  };
}

export const creditRoutes: Route[] = [
  {
    method: 'GET',
    path: '/credit/{credit_id}',
    handle: (request) => ({ body: creditDetails(request, textParam(request, 'credit_id')), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: '/movie/{movie_id:int}/credits',
    appendAs: 'sub-resource',
    handle: (request) => {
      const movie = request.catalog.lookup.movie(intParam(request, 'movie_id'));
      const credits = request.catalog.data.credits.movies.get(movie.id) ?? { cast: [], crew: [] };
      return { body: { id: movie.id, ...credits }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SERIES}/credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = request.catalog.lookup.tvSeries(intParam(request, 'series_id'));
      const credits = request.catalog.data.credits.series.get(series.id) ?? { cast: [], crew: [] };
      return { body: { ...credits, id: series.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SERIES}/aggregate_credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const series = request.catalog.lookup.tvSeries(intParam(request, 'series_id'));
      const credits = request.catalog.data.credits.seriesAggregate.get(series.id) ?? { cast: [], crew: [] };
      return { body: { ...credits, id: series.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SEASON}/credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      const credits = request.catalog.data.credits.seasons.get(season.id) ?? { cast: [], crew: [] };
      return { body: { ...credits, id: season.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SEASON}/aggregate_credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      const credits = request.catalog.data.credits.seasonsAggregate.get(season.id) ?? { cast: [], crew: [] };
      return { body: { ...credits, id: season.id }, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${EPISODE}/credits`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const episode = request.catalog.lookup.episode(
        intParam(request, 'series_id'),
        intParam(request, 'season_number'),
        intParam(request, 'episode_number'),
      );
      const credits = request.catalog.data.credits.episodes.get(episode.id) ?? { cast: [], crew: [], guest_stars: [] };
      return { body: { ...credits, id: episode.id }, cache: CACHE.details };
    },
  },
];
