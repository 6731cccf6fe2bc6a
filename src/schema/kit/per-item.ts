import { type GraphQLSchema, isObjectType } from 'graphql';

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
      'listsConnection',
      'recommendations',
      'recommendationsConnection',
      'releaseDates',
      'reviews',
      'reviewsConnection',
      'similar',
      'similarConnection',
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
      'listsConnection',
      'recommendations',
      'recommendationsConnection',
      'reviews',
      'reviewsConnection',
      'screenedTheatrically',
      // The season's details, which tell that it exists (kit/existing.ts).
      'season',
      'similar',
      'similarConnection',
      'translations',
      'videos',
      'watchProviders',
      'watchProvidersByCountry',
    ],
  },
  Person: {
    details: ['alsoKnownAs', 'biography', 'birthday', 'deathday', 'homepage', 'imdbId', 'placeOfBirth'],
    own: [
      'changes',
      'combinedCredits',
      'credits',
      'externalIds',
      'images',
      'movieCredits',
      'taggedImages',
      'taggedImagesConnection',
      'translations',
      'tvCredits',
    ],
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
