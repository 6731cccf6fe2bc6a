import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { rankOf } from './layers.ts';

/**
 * The house's shape, held to the code: no import circle outside the wire types of
 * `src/upstream/api/` (which describe one another), and no source file over 300 lines. The
 * import graph comes from dpdm (TypeScript's own parser), not from a reading of ours.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const MAX_LINES = 300;
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the house', () => {
  it('has no import circle outside src/upstream/api', async () => {
    const entries = [...sourceFiles('src'), ...sourceFiles('bench'), ...sourceFiles('packages/catalog/src')];
    const tree = await parseDependencyTree(entries, { context: root, transform: false, skipDynamicImports: false });
    const circles = parseCircular(tree)
      .map((circle) => circle.map((file) => relative(root, join(root, file))))
      .filter((circle) => !circle.every((file) => file.startsWith('src/upstream/api/')));
    expect(circles).toEqual([]);
  }, 60_000);

  // Vocabulary a lower layer needs lives there (runtime/feed-metrics.ts defines the change hub's
  // stats that upstream keeps and the gauges read).
  it('has no import that runs back up a layer', async () => {
    const tree = await parseDependencyTree(sourceFiles('src'), { context: root, transform: false, skipDynamicImports: false });
    const upward = Object.entries(tree).flatMap(([from, imports]) =>
      (imports ?? [])
        .filter((imported) => imported.id && rankOf(imported.id) >= 0 && rankOf(imported.id) < rankOf(from))
        .map((imported) => `${from} -> ${imported.id}`),
    );
    expect(rankOf('src/schema/builder.ts')).toBeGreaterThan(rankOf('src/http/listener.ts'));
    expect(upward).toEqual([]);
  }, 60_000);

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = sourceFiles('src')
      .map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
