/**
 * graphql-js chooses, once, when it is first loaded, between its development checks and its
 * production code: with NODE_ENV other than `production`, every `instanceof` of its types (tens per
 * field of every answer) also compares constructor names to catch two copies of graphql in one
 * program, 3 % of an uncached answer's CPU (issue 34). The gateway's own settings read NODE_ENV too
 * (production defaults: no GraphiQL, no introspection, CATALOG_BASE_URL required), and `npm start`
 * keeps their development defaults for a newcomer. So src/index.ts loads graphql-js between this
 * module and end.ts: NODE_ENV reads `production` only while graphql-js is loaded, then is put back
 * before any setting is read. Tests, which never run src/index.ts, keep graphql-js's checks.
 */
export const configured = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
