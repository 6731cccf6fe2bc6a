import { writeFileSync } from 'node:fs';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';

/**
 * Reads the running gateway's schema by introspection (on unless the gateway runs with
 * NODE_ENV=production) and writes it as SDL to schema.graphql, where relay-compiler reads it.
 * `npm run schema -- http://localhost:4000/graphql`
 */
const url = process.argv[2] ?? 'http://localhost:4000/graphql';
const response = await fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: getIntrospectionQuery({ specifiedByUrl: true }) }),
});
const { data, errors } = await response.json();
if (!data) throw new Error(`introspection failed: ${JSON.stringify(errors)}`);
writeFileSync('schema.graphql', `${printSchema(buildClientSchema(data))}\n`);
