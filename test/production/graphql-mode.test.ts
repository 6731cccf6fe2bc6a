import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` runs graphql-js in its production mode (no development `instanceof` checks on every
 * field) while the gateway's settings read NODE_ENV as it was set (src/runtime/graphql-production/).
 * Checked in a Node process of its own, as src/index.ts loads them: graphql-js decides once, when
 * first loaded, so this test process (which loaded it long ago) could not show it.
 */
const repo = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const PROBE = `
await import('./src/runtime/graphql-production/begin.ts');
await import('graphql');
await import('./src/runtime/graphql-production/end.ts');
const { createRequire } = await import('node:module');
const { instanceOf } = createRequire(import.meta.url)('graphql/jsutils/instanceOf.js');
// A type of another copy of graphql-js: the development checks throw "from another module or realm".
class Tagged { get [Symbol.toStringTag]() { return 'GraphQLScalarType'; } }
let production = true;
try { instanceOf(new Tagged(), class Other { get [Symbol.toStringTag]() { return 'GraphQLScalarType'; } }); } catch { production = false; }
console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, production }));
`;

async function probe(env: Record<string, string | undefined>) {
  const { NODE_ENV: _unset, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE], { cwd: repo, env: { ...inherited, ...env } });
  return JSON.parse(stdout) as { nodeEnv: string | null; production: boolean };
}

describe('graphql-js under npm start', () => {
  it('src/index.ts loads graphql-js first, between begin.ts and end.ts', () => {
    const imports = [...readFileSync(`${repo}src/index.ts`, 'utf8').matchAll(/^import (?:.* from )?'([^']+)';/gm)].map((m) => m[1]);
    expect(imports.slice(0, 3)).toEqual(['./runtime/graphql-production/begin.ts', 'graphql', './runtime/graphql-production/end.ts']);
  });

  it('runs in production mode, and NODE_ENV reads afterwards as it was set (unset, development)', async () => {
    expect(await probe({})).toEqual({ nodeEnv: null, production: true });
    expect(await probe({ NODE_ENV: 'development' })).toEqual({ nodeEnv: 'development', production: true });
  });

  it('without begin.ts graphql-js would run its development checks (what the probe tells apart)', async () => {
    const { NODE_ENV: _unset, ...inherited } = process.env;
    const plain = PROBE.replace("await import('./src/runtime/graphql-production/begin.ts');", '').replace(
      "await import('./src/runtime/graphql-production/end.ts');",
      '',
    );
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', plain], { cwd: repo, env: inherited });
    expect(JSON.parse(stdout)).toEqual({ nodeEnv: null, production: false });
  });
});
