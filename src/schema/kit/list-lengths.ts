/**
 * What the cost estimate (builder.ts) multiplies a list's selection by: the list's usual length.
 *
 * A page (`results`) and a connection (`edges`) hold 20 items: the service's page size. The lists
 * the service does not page (credits, aggregate credits, a season's episodes, a series' seasons)
 * are as long as the work is, so they are estimated at a length measured on the answers the real
 * service sent (test/contract/recorded*) and on the embedded catalog, where an item's person or
 * work loads per item (`cast { person { birthday } }`). Such a list can still be longer than
 * that (Game of Thrones has 514 actors): the call budget of kit/call-budget.ts refuses what the
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
