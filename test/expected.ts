/**
 * The GraphQL shape each upstream record must come out as: the oracle for field-by-field
 * checks, written from the contract (camelCase; "" dates and codes as null).
 */

/** The catalog's key under the name these oracles give it (`id`, as the REST answer does): `id: databaseId`. */
export const MOVIE_SUMMARY_FIELDS =
  'id: databaseId title originalTitle overview releaseDate posterPath backdropPath genreIds adult video popularity voteAverage voteCount originalLanguage';

export function movieSummary(m: any) {
  return {
    id: m.id,
    title: m.title,
    originalTitle: m.original_title,
    overview: m.overview,
    releaseDate: m.release_date || null,
    posterPath: m.poster_path,
    backdropPath: m.backdrop_path,
    genreIds: m.genre_ids ?? m.genres.map((g: any) => g.id),
    adult: m.adult,
    video: m.video,
    popularity: m.popularity,
    voteAverage: m.vote_average,
    voteCount: m.vote_count,
    originalLanguage: m.original_language,
  };
}

export const TV_SUMMARY_FIELDS =
  'id: databaseId name originalName overview firstAirDate posterPath backdropPath genreIds originCountry originalLanguage popularity voteAverage voteCount adult';

export function tvSummary(s: any) {
  return {
    id: s.id,
    name: s.name,
    originalName: s.original_name,
    overview: s.overview,
    firstAirDate: s.first_air_date || null,
    posterPath: s.poster_path,
    backdropPath: s.backdrop_path,
    genreIds: s.genre_ids ?? s.genres.map((g: any) => g.id),
    originCountry: s.origin_country,
    originalLanguage: s.original_language,
    popularity: s.popularity,
    voteAverage: s.vote_average,
    voteCount: s.vote_count,
    adult: s.adult,
  };
}

export const IMAGE_FIELDS = 'filePath width height aspectRatio languageCode voteAverage voteCount';

export function image(i: any) {
  return {
    filePath: i.file_path,
    width: i.width,
    height: i.height,
    aspectRatio: i.aspect_ratio,
    languageCode: i.iso_639_1,
    voteAverage: i.vote_average,
    voteCount: i.vote_count,
  };
}

export const LIST_FIELDS = 'id: databaseId name description favoriteCount itemCount languageCode countryCode listType posterPath';

export function list(l: any) {
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    favoriteCount: l.favorite_count,
    itemCount: l.item_count,
    languageCode: l.iso_639_1 || null,
    countryCode: l.iso_3166_1 || null,
    listType: l.list_type ?? null,
    posterPath: l.poster_path,
  };
}

export const REVIEW_FIELDS =
  'id: databaseId author authorDetails { name username avatarPath rating } content createdAt updatedAt url languageCode mediaId mediaTitle mediaType';

export function review(r: any) {
  return {
    id: r.id,
    author: r.author,
    authorDetails: {
      name: r.author_details.name,
      username: r.author_details.username,
      avatarPath: r.author_details.avatar_path,
      rating: r.author_details.rating,
    },
    content: r.content,
    createdAt: instant(r.created_at),
    updatedAt: instant(r.updated_at),
    url: r.url,
    languageCode: r.iso_639_1 ?? null,
    mediaId: r.media_id ?? null,
    mediaTitle: r.media_title ?? null,
    mediaType: r.media_type ? enumName(r.media_type) : null,
  };
}

/** The enum value GraphQL answers for a string of the catalog: "Behind the Scenes" → BEHIND_THE_SCENES, "YouTube" → YOUTUBE. */
export const enumName = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** A person's gender code as the Gender enum answers it. */
export const genderName = (code: number) => ['NOT_SET', 'FEMALE', 'MALE', 'NON_BINARY'][code] ?? 'OTHER';

/** An instant of the catalog as DateTime answers it: UTC with milliseconds. */
export const instant = (value: string) => new Date(value.replace(/^(\S+) (\S+) UTC$/, '$1T$2Z')).toISOString();

/** A connection's answer for a window that is the catalog's page `p` (the first 20, or 20 `after` a page's end). */
export function connection(p: any, nodes: unknown[]) {
  return { totalCount: p.total_results, edges: nodes.map((node) => ({ node })) };
}

/** The selection `connection` answers. */
export const CONNECTION = (fields: string) => `totalCount edges { node { ${fields} } }`;

/** The nodes of a connection's answer. */
export const nodes = (connection: { edges: Array<{ node: any }> }) => connection.edges.map((edge) => edge.node);

/** The cursor of the item at `offset` of a connection field (`Query.topRatedMovies`), as the gateway gives it out. */
export const cursorAt = (field: string, offset: number) => Buffer.from(`${field}:${offset}`).toString('base64url');

/** The arguments of a connection's window that is the catalog's page `page` of 20 (`page(2)`: `first: 20, after:` item 19). */
export const pageWindow = (field: string, page: number) =>
  page === 1 ? 'first: 20' : `first: 20, after: "${cursorAt(field, (page - 1) * 20 - 1)}"`;

/** A watch provider offer (flatrate, rent, buy, …) of a title in one country. */
export function offer(o: any) {
  return { providerId: o.provider_id, providerName: o.provider_name, logoPath: o.logo_path, displayPriority: o.display_priority };
}

/** A video of the catalog as `Video` answers it. */
export const video = (v: any) => ({
  id: v.id,
  key: v.key,
  name: v.name,
  site: enumName(v.site),
  size: v.size,
  type: enumName(v.type),
  official: v.official,
  publishedAt: instant(v.published_at),
  languageCode: v.iso_639_1,
  countryCode: v.iso_3166_1,
});
