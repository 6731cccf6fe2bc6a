/**
 * How an example key of the real service names its GraphQL field, and what the comparison
 * forgives. Every entry here is a decision a reader can check; nothing else is forgiven.
 */

/** Example key → field name: camelCase, the ISO codes named for what they hold, and `id` the catalog's key (`databaseId`: `id` is the global id). */
export function fieldName(key: string): string {
  if (key === 'id') return 'databaseId';
  if (key === 'iso_3166_1') return 'countryCode';
  if (key === 'iso_639_1') return 'languageCode';
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

type Item = Record<string, unknown>;
/** The object's keys belong to the enclosing GraphQL object (a nested example object the graph flattens). */
export const INLINE = Symbol('inline');
/** The field of the work an item names by its media type; none for another kind (an episode). */
const byMediaType = (movie: string, series: string) => (item: Item) => ({ movie, tv: series })[String(item.media_type)] ?? '';
/** `rated` of account states: `{ "value": 8 }` or `false`. */
const ratedValue = (rated: unknown) => (rated && typeof rated === 'object' ? (rated as { value: unknown }).value : null);
const typename = (mediaType: unknown) =>
  ({ movie: 'Movie', tv: 'TVSeries', person: 'Person', collection: 'Collection', tv_season: 'Season', tv_episode: 'Episode' })[
    String(mediaType)
  ] ?? mediaType;

export interface Rename {
  /** A field path from the type (`series.id`), `__typename`, or INLINE. */
  to: string | typeof INLINE | ((item: Item) => string);
  /** The example value as the field gives it. */
  value?: (example: unknown) => unknown;
  reason: string;
}

/** Renames the graph documents, keyed by `Type.key` (or `Type.inlinedKey.key` inside an inlined object). */
export const RENAMES: Record<string, Rename> = {
  'Movie.belongs_to_collection': { to: 'collection', reason: 'Movie.collection is "the collection (film series) the movie belongs to"' },
  'FindResults.movie_results': { to: 'movies', reason: 'find results per kind' },
  'FindResults.person_results': { to: 'people', reason: 'find results per kind' },
  'FindResults.tv_results': { to: 'tvSeries', reason: 'find results per kind' },
  'FindResults.tv_episode_results': { to: 'episodes', reason: 'find results per kind' },
  'FindResults.tv_season_results': { to: 'seasons', reason: 'find results per kind' },
  'Department.department': { to: 'name', reason: 'a department of configuration/jobs is named by `name`' },
  'MovieReleaseCountry.release_dates': { to: 'releases', reason: 'the releases of one country' },
  'AccountStates.rated': { to: 'rating', value: ratedValue, reason: '`rated: {value}` or `false` is the rating or null' },
  'SeasonEpisodeRating.rated': { to: 'rating', value: ratedValue, reason: '`rated: {value}` or `false` is the rating or null' },
  'Episode.show_id': { to: 'series.databaseId', reason: 'the series is linked, its id is series.databaseId' },
  'Season.show_id': { to: 'series.databaseId', reason: 'the series is linked, its id is series.databaseId' },
  'Credit.id': { to: 'creditId', reason: "a credit's key is its creditId (`id` is the global id)" },
  'Credit.media': { to: INLINE, reason: 'the credit carries character, episodes and seasons; the work is movie or series' },
  'Credit.media.id': { to: byMediaType('movie.databaseId', 'series.databaseId'), reason: 'the id of the credited work' },
  'TaggedImage.media': {
    to: (image) => ({ movie: 'movie', tv: 'series' })[String(image.media_type)] ?? 'media',
    reason:
      'the image names its kind (on itself in every recording, inside media only until 2022): a movie or series is read where a client reads that kind',
  },
  'Collection.title': { to: 'name', reason: 'a collection among mixed results names itself like a movie; the graph calls it name' },
  'Collection.original_title': { to: 'originalName', reason: 'a collection among mixed results names itself like a movie' },
  'Movie.name': { to: 'title', reason: "collection parts name a movie's title `name`; the graph calls it title everywhere" },
  'Movie.original_name': { to: 'originalTitle', reason: 'collection parts name the original title `original_name`' },
  'Account.avatar': { to: INLINE, reason: 'avatar fields are flattened onto Account' },
  'Account.avatar.gravatar': { to: INLINE, reason: 'avatar fields are flattened onto Account' },
  'Account.avatar.tmdb': { to: INLINE, reason: 'avatar fields are flattened onto Account' },
  'Account.avatar.gravatar.hash': { to: 'gravatarHash', reason: 'avatar fields are flattened onto Account' },
  'UserList.list_id': { to: 'databaseId', reason: 'createList answers with the list it created' },
  'Movie.media_type': { to: '__typename', value: typename, reason: 'a mixed list tells kinds apart by __typename' },
  'TVSeries.media_type': { to: '__typename', value: typename, reason: 'a mixed list tells kinds apart by __typename' },
  'Person.media_type': { to: '__typename', value: typename, reason: 'a mixed list tells kinds apart by __typename' },
  'Collection.media_type': { to: '__typename', value: typename, reason: 'a mixed list tells kinds apart by __typename' },
  'Season.media_type': { to: '__typename', value: typename, reason: 'tagged media tell kinds apart by __typename' },
  'Episode.media_type': { to: '__typename', value: typename, reason: 'tagged media tell kinds apart by __typename' },
  // A credit's key in the graph is its `creditId`; the example's `id` is the person's or the work's.
  'CastCredit.id': { to: 'person.databaseId', reason: 'a credit item carries its person; CastCredit.id is the credit id' },
  'CrewCredit.id': { to: 'person.databaseId', reason: 'a credit item carries its person; CrewCredit.id is the credit id' },
  'SeriesCreator.id': { to: 'person.databaseId', reason: 'a creator item carries its person; SeriesCreator.id is the credit id' },
  'PersonMovieCastCredit.id': { to: 'movie.databaseId', reason: 'a filmography item carries its movie; its id is the credit id' },
  'PersonMovieCrewCredit.id': { to: 'movie.databaseId', reason: 'a filmography item carries its movie; its id is the credit id' },
  'PersonTVCastCredit.id': { to: 'series.databaseId', reason: 'a filmography item carries its series; its id is the credit id' },
  'PersonTVCrewCredit.id': { to: 'series.databaseId', reason: 'a filmography item carries its series; its id is the credit id' },
  'UserList.id': {
    to: 'listId',
    value: String,
    reason: 'older lists have 24-hex ids: UserList.listId is the ID that holds both kinds (UserList.id is the Int, null for those)',
  },
  'Review.media_type': {
    to: 'mediaType',
    value: (kind: unknown) => String(kind).toLowerCase(),
    reason: 'reviews of 2012 say "Movie": Review.mediaType reads the kind without regard to case',
  },
};

/**
 * Fields that link an item to the object it describes: a credit's person, a rated movie's movie.
 * An item that names its media type describes that work.
 */
export function links(item: Item): string[] {
  if (item.media_type === 'movie') return ['movie'];
  if (item.media_type === 'tv') return ['series', 'tvSeries'];
  return ['person', 'movie', 'series', 'tvSeries', 'episode'];
}

/** Example fields left out on purpose, each with its reason; counted apart from the exposed ones. */
export const LEFT_OUT: Array<{ scope: string; key: string; reason: string }> = [
  {
    scope: 'Connection',
    key: 'page',
    reason: 'a connection is read by cursors (`first`/`after`, `last`/`before`): the page number is the gateway’s, not the client’s',
  },
  {
    scope: 'RatedMovie',
    key: 'rating',
    reason:
      'the rating is the movie’s `accountStates { rating }`, the one field a rating write updates (the copy on the rated list went stale)',
  },
  {
    scope: 'RatedTVSeries',
    key: 'rating',
    reason:
      'the rating is the series’ `accountStates { rating }`, the one field a rating write updates (the copy on the rated list went stale)',
  },
  {
    scope: 'RatedEpisode',
    key: 'rating',
    reason:
      'the rating is the episode’s `accountStates { rating }`, the one field a rating write updates (the copy on the rated list went stale)',
  },
  {
    scope: 'Connection',
    key: 'total_pages',
    reason: 'a connection is read by cursors: `totalCount` and `pageInfo.hasNextPage` say how much is left',
  },
  { scope: 'RequestToken', key: 'success', reason: 'always true on an answer; a failure is a typed error' },
  { scope: 'GuestSession', key: 'success', reason: 'always true on an answer; a failure is a typed error' },
  { scope: 'Season', key: '_id', reason: "the service's internal document id; Season.id is the public one" },
  {
    scope: 'write',
    key: 'status_code',
    reason: "a write's acknowledgement: the mutation answers with the changed object, a failure is a typed error",
  },
  {
    scope: 'write',
    key: 'status_message',
    reason: "a write's acknowledgement: the mutation answers with the changed object, a failure is a typed error",
  },
  {
    scope: 'write',
    key: 'success',
    reason: "a write's acknowledgement: the mutation answers with the changed object, a failure is a typed error",
  },
  {
    scope: 'authentication-create-session-from-login',
    key: 'request_token',
    reason: 'createSessionWithLogin hands the validated token on to session/new and answers with the session',
  },
  {
    scope: 'authentication-create-session-from-login',
    key: 'expires_at',
    reason: 'createSessionWithLogin hands the validated token on to session/new and answers with the session',
  },
];

export function leftOut(scopes: string[], key: string) {
  return LEFT_OUT.find((entry) => entry.key === key && scopes.includes(entry.scope));
}

/** Operations whose published example cannot be served as it stands, and the answer that is right instead. */
export const EXAMPLE_QUIRKS: Record<string, { expectedCode: string; reason: string }> = {
  'movie-recommendations': {
    expectedCode: 'UPSTREAM_ERROR',
    reason: "the published example is `{}` (no page, no results): the gateway's typed UPSTREAM_ERROR is the right answer",
  },
};

/** Normalisations, each allowed only where the description of the field (or of its type, for all its fields) states it. */
export const allowsNullForEmpty = (description: string) => /empty string comes as null/i.test(description);
export const allowsIsoTimestamp = (description: string) => /ISO 8601/.test(description);
/** "93.49" sent for 93.49: where the description states that such a number comes as a number. */
export const allowsNumericString = (description: string) => /sent as a string .*comes as a number/i.test(description);
/** "ordered by country code", "mildest first", "in billing order": the list may be in another order than the example's. */
/** A connection's `totalCount` counts what the catalog serves, 500 of its pages: 10,000 items (50,000 of a change feed). */
export const allowsServedCount = (description: string) => /counting no more than the catalog serves/.test(description);
export const allowsSorting = (description: string) => /ordered by|sorted|\w+ first\b|in \w+ order/i.test(description);
