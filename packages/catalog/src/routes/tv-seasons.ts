/** TV seasons: details (with append_to_response), images and external ids. */
import { CACHE } from '../caching.ts';
import { readImageLanguages } from '../params.ts';
import { intParam, type Route, type RouteRequest } from '../router.ts';

/** The season of the path (series, then season number), or 404 code 34. */
export function seasonOf(request: RouteRequest) {
  return request.catalog.lookup.season(intParam(request, 'series_id'), intParam(request, 'season_number'));
}

const SEASON = '/tv/{series_id:int}/season/{season_number:int}';

export const tvSeasonRoutes: Route[] = [
  {
    // Also appendable to series details as "season/{n}", kept whole (its id is the season's own).
    method: 'GET',
    path: SEASON,
    acceptsAppend: true,
    appendAs: 'nested',
    handle: (request) => ({ body: seasonOf(request), cache: CACHE.details }),
  },
  {
    method: 'GET',
    path: `${SEASON}/images`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      const posters = request.catalog.data.seasonImages.get(season.id) ?? [];
      const selected = readImageLanguages(request.query);
      const body = { id: season.id, posters: selected ? posters.filter((image) => selected(image.iso_639_1)) : posters };
      return { body, cache: CACHE.details };
    },
  },
  {
    method: 'GET',
    path: `${SEASON}/external_ids`,
    appendAs: 'sub-resource',
    handle: (request) => {
      const season = seasonOf(request);
      // Every generated season has external ids; a season without would list them all as null.
      const none = { id: season.id, freebase_mid: null, freebase_id: null, tvdb_id: null, tvrage_id: null, wikidata_id: null };
      return { body: request.catalog.data.seasonExternalIds.get(season.id) ?? none, cache: CACHE.details };
    },
  },
];
