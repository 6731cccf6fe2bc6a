/**
 * Descriptions of the arguments that take the catalog's own key (`movie(id:)`, `movies(ids:)`,
 * `rateMovie(movieId:)`...): the number or string each type shows as `databaseId`, never the
 * global `id` a client cache keys by, which `node(id:)` takes. One wording, so a client that
 * passes the wrong one reads the same hint everywhere.
 */
export const byCatalogId = (what: string, kind = 'number') =>
  `Catalog ${kind} of the ${what}: its \`databaseId\`. Its global \`id\` is for \`node(id:)\`.`;

export const byCatalogIds = (max: number, kind = 'numbers') =>
  `Catalog ${kind} (\`databaseId\`s), at most ${max}. Global \`id\`s are for \`nodes(ids:)\`.`;

/** A write's argument: the same key. */
export const catalogIdOf = (what: string) => `Catalog number of the ${what}: its \`databaseId\`, not its global \`id\`.`;
