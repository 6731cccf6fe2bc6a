/**
 * The complexity plugin's bound on an operation's breadth (schema/builder.ts): far beyond any
 * real query; the gateway's own bounds on a document's size are GraphQL Armor's.
 */
export const MAX_BREADTH = 100_000;

/**
 * The contexts whose operation was already judged within MAX_COST, MAX_DEPTH and MAX_BREADTH
 * from the figures kept per document and declared variables (src/graphql/cost-report.ts). The
 * complexity plugin's own check (schema/builder.ts) skips them instead of walking the operation
 * again on every request (10.8% of a movie page's CPU, issue #44). An operation over a limit is
 * never put here, so the plugin still refuses it, with the same error as before.
 */
export const withinLimits = new WeakSet<object>();
