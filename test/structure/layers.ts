/**
 * The layers of src/, from the top down (docs/ARCHITECTURE.md, "Layers"): a file imports only
 * from its own layer or one below (test/structure/house.test.ts), and the path of one request
 * counts its crossings between them (test/structure/request-path.test.ts).
 */
const LAYERS: [RegExp, string][] = [
  [/^src\/((index|gateway)\.ts$|compose\/)/, 'root'],
  [/^src\/http\//, 'http'],
  [/^src\/graphql\//, 'graphql'],
  [/^src\/schema\//, 'schema'],
  [/^src\/upstream\//, 'upstream'],
  [/^src\/fleet\//, 'fleet'],
  [/^src\/runtime\//, 'runtime'],
  [/^src\/common\//, 'common'],
];

/** The layer of a path relative to the project root; 'other' outside them. */
export const layerOf = (file: string) => LAYERS.find(([pattern]) => pattern.test(file))?.[1] ?? 'other';

/** 0 for the top layer, growing downwards; -1 outside them. */
export const rankOf = (file: string) => LAYERS.findIndex(([pattern]) => pattern.test(file));
