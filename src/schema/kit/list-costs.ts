import { type GraphQLSchema, isObjectType } from 'graphql';

/*
 * What the cost estimate (builder.ts) knows about lists: the fields that load something for each
 * item of a list, and how long a list usually is. Both only matter where a selection sits inside
 * a list, and both are read by each field's cost (builder.ts, fixed once at start).
 */

/**
 * The fields that, selected on the items of a list (popularMovies, search results, similar...),
 * load something for each item: a list item carries the catalog's summary only.
 *
 * - `details`: read from the item's details, one call per item shared by all of them.
 * - `own`: a sub-resource, one call per item each (merged into the details call by
 *   append_to_response where the catalog allows).
 *
 * One table for the three things that must agree: the note in each field's description, the
 * cost estimate (a detail field counts one call, as a sub-resource already does), and the test
 * that measures every field on a real list (test/schema/per-item-loads.test.ts), which fails
 * when a field loads per item and is not listed here, or is listed and does not.
 */
export const PER_ITEM_LOADS: Readonly<Record<string, { details: readonly string[]; own: readonly string[] }>> = {
  Movie: {
    details: [
      'budget',
      'collection',
      'homepage',
      'imdbId',
      'originCountry',
      'productionCompanies',
      'productionCountries',
      'revenue',
      'runtime',
      'spokenLanguages',
      'status',
      'tagline',
    ],
    own: [
      'accountStates',
      'alternativeTitles',
      'certification',
      'changes',
      'credits',
      'externalIds',
      'images',
      'keywords',
      'lists',
      'recommendations',
      'releaseDates',
      'reviews',
      'similar',
      'translations',
      'videos',
      'watchProviders',
      'watchProvidersByCountry',
    ],
  },
  TVSeries: {
    details: [
      'createdBy',
      'episodeRunTime',
      'homepage',
      'inProduction',
      'languages',
      'lastAirDate',
      'lastEpisodeToAir',
      'networks',
      'nextEpisodeToAir',
      'numberOfEpisodes',
      'numberOfSeasons',
      'productionCompanies',
      'productionCountries',
      'seasons',
      'spokenLanguages',
      'status',
      'tagline',
      'type',
    ],
    own: [
      'accountStates',
      'aggregateCredits',
      'alternativeTitles',
      'certification',
      'changes',
      'contentRatings',
      'credits',
      'episodeGroups',
      'externalIds',
      'images',
      'keywords',
      'lists',
      'recommendations',
      'reviews',
      'screenedTheatrically',
      // The season's details, which tell that it exists (kit/details.ts).
      'season',
      'similar',
      'translations',
      'videos',
      'watchProviders',
      'watchProvidersByCountry',
    ],
  },
  Person: {
    details: ['alsoKnownAs', 'biography', 'birthday', 'deathday', 'homepage', 'imdbId', 'placeOfBirth'],
    own: ['changes', 'credits', 'externalIds', 'images', 'movieCredits', 'taggedImages', 'translations', 'tvCredits'],
  },
  // Not measured by per-item-loads.test.ts (it pages the three types above); counted so that a
  // search page of them announces its details calls (test/contract/recorded2-causes.test.ts).
  Company: { details: ['description', 'headquarters', 'homepage'], own: [] },
  // A movie's collection never carries these, nor did 2017 search items: a details call each.
  Collection: { details: ['originalLanguage', 'originalName', 'overview'], own: [] },
};

export const DETAILS_NOTE =
  "Per item: on a list's items, this loads each item's details, one upstream call per item (shared with the item's other such fields).";
export const OWN_NOTE = "Per item: on a list's items, this makes one upstream call per item.";

const details = new Set(Object.entries(PER_ITEM_LOADS).flatMap(([type, fields]) => fields.details.map((field) => `${type}.${field}`)));

/** Whether the field is read from its object's details, which a list item must load. */
export function loadsDetailsPerItem(typeName: string | undefined, fieldName: string): boolean {
  return details.has(`${typeName}.${fieldName}`);
}

/**
 * Appends the note to the description of every listed field of a built schema. The field
 * objects are changed in place, once, before the schema serves or prints anything: rebuilding
 * the schema for a description would copy every resolver and extension for nothing.
 */
export function withPerItemNotes(schema: GraphQLSchema): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(PER_ITEM_LOADS)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`PER_ITEM_LOADS names ${typeName}, which is not an object type of the schema`);
    const all = type.getFields();
    for (const [names, note] of [
      [fields.details, DETAILS_NOTE],
      [fields.own, OWN_NOTE],
    ] as const) {
      for (const name of names) {
        const field = all[name];
        if (!field) throw new Error(`PER_ITEM_LOADS names ${typeName}.${name}, which the schema does not have`);
        if (!field.description?.endsWith(note)) field.description = `${field.description ?? ''} ${note}`.trim();
      }
    }
  }
  return schema;
}

// The usual lengths of lists.

/**
 * What the cost estimate (builder.ts) multiplies a list's selection by: the list's usual length.
 *
 * A page (`results`) and a connection (`edges`) hold 20 items: the service's page size. The lists
 * the service does not page (credits, aggregate credits, a season's episodes, a series' seasons)
 * are as long as the work is, so they are estimated at a length measured on the answers the real
 * service sent (test/contract/recorded*) and on the embedded catalog, where an item's person or
 * work loads per item (`cast { person { birthday } }`). Such a list can still be longer than
 * that (Game of Thrones has 514 actors): the call budget of context.ts (callBudgetOf) refuses what the
 * estimate let through past MAX_COST. docs/costs.md has the figures.
 */
export const PAGE_LENGTH = 20;

/** Any other list: images, videos, genres, languages... */
export const OTHER_LIST_LENGTH = 10;

/** By the type of a list's items. */
export const USUAL_LENGTHS: Readonly<Record<string, number>> = {
  // Everyone in a series or season: measured 514 (Game of Thrones), 108 and 74 (a season); 50 in the
  // middle of the embedded catalog's series, 116 at most. The crew: 271, 71, 31.
  AggregateCastCredit: 100,
  AggregateCrewCredit: 100,
  // The credits of a movie, a series' latest season, a season, an episode: measured 5 to 76
  // actors and up to 175 crew members (Fight Club); a person's credits, 7 to 150 roles.
  CastCredit: 50,
  CrewCredit: 50,
  PersonCastCredit: 50,
  PersonCrewCredit: 50,
  PersonMovieCastCredit: 50,
  PersonMovieCrewCredit: 50,
  PersonTVCastCredit: 50,
  PersonTVCrewCredit: 50,
  // A season's episodes, measured 9 to 22; an episode group's, 20.
  Episode: 20,
  // A series' seasons, measured 2 to 9.
  Season: 10,
};

/**
 * Object fields of a credit entry that are read from the entry itself: it carries the person's
 * (or the work's) summary and the roles or jobs, so following them costs no call. Only what is
 * selected inside them and loads (a person's `birthday`, a movie's `credits`) does. Without
 * this, `cast { person { name } }` would be estimated at a call per actor it does not make.
 */
const CARRIED_LINKS: Readonly<Record<string, readonly string[]>> = {
  CastCredit: ['person'],
  CrewCredit: ['person'],
  AggregateCastCredit: ['person', 'roles'],
  AggregateCrewCredit: ['person', 'jobs'],
  PersonMovieCastCredit: ['movie'],
  PersonMovieCrewCredit: ['movie'],
  PersonTVCastCredit: ['series'],
  PersonTVCrewCredit: ['series'],
};

/** The usual length of a list field, by its name and the type of its items. */
export function usualLength(fieldName: string, itemType: string): number {
  if (fieldName === 'results' || fieldName === 'edges') return PAGE_LENGTH;
  return USUAL_LENGTHS[itemType] ?? OTHER_LIST_LENGTH;
}

/**
 * Whether an object field is read from the entry it is on, at no call: a credit's links, and a
 * connection's `edges`, `node` and `pageInfo` (the connection field's own cost counts the pages
 * they come from: kit/connection.ts).
 */
export function isCarriedLink(typeName: string | undefined, fieldName: string): boolean {
  if (typeName !== undefined && /(Connection|Edge)$/.test(typeName)) return true;
  return typeName !== undefined && (CARRIED_LINKS[typeName]?.includes(fieldName) ?? false);
}
