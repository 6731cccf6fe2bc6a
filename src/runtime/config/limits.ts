import { integer, type SettingGroup } from './kinds.ts';

export const limitSettings = {
  title: 'Request limits',
  intro: 'Bounds on what one client request may ask; each rejection names its limit.',
  settings: {
    MAX_DEPTH: integer({ min: 1, max: 100, default: 12, description: 'Deepest selection nesting (GraphQL Armor).' }),
    MAX_ALIASES: integer({ min: 0, max: 1_000, default: 30, description: 'Aliases in one operation (GraphQL Armor).' }),
    MAX_DIRECTIVES: integer({ min: 0, max: 1_000, default: 10, description: 'Directives in one operation (GraphQL Armor).' }),
    MAX_TOKENS: integer({ min: 10, max: 1_000_000, default: 5_000, description: 'Tokens in one document (GraphQL Armor).' }),
    MAX_COST: integer({
      min: 1,
      max: 1_000_000,
      default: 1_000,
      description:
        'Estimated upstream calls one request may cause (Pothos complexity), and the upstream calls it may make; the operations of a batch share both. Every answer reports the estimate and the calls made in `extensions.cost` ([docs/costs.md](costs.md)).',
    }),
    MAX_RESPONSE_BYTES: integer({
      min: 1_024,
      max: 1_000_000_000,
      default: 16 * 1024 * 1024,
      description:
        "The answer one request may build, counted in characters of JSON while its fields resolve (a batch's operations together); past it the operation stops, no more upstream calls are made, and the answer is the single error `RESPONSE_TOO_LARGE`. Chosen with `npm start`'s heap of 192 MB: several answers at the bound fit at once ([docs/performance.md](performance.md#answer-size-and-slow-readers)).",
    }),
    MAX_BODY_BYTES: integer({
      min: 100,
      max: 100_000_000,
      default: 100_000,
      description: 'Request body size; reading stops at the bound: 413 at once, then the connection closes.',
    }),
    MAX_BATCH: integer({
      min: 1,
      max: 100,
      // 10: Apollo's BatchHttpLink sends up to 10 operations per request by default (batchMax).
      default: 10,
      description: "Operations in one batched request (10 is what Apollo's `BatchHttpLink` sends at most by default).",
    }),
  },
} satisfies SettingGroup;
