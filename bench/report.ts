/**
 * BENCHMARKS.md is written by the bench, every word of it, so that a run never leaves stale
 * prose beside new figures. A section run alone (BENCH_ONLY) replaces its own "## <title>"
 * section, up to the next heading of that level, and leaves the others as they were.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function replaceSection(file: string, title: string, lines: string[]): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `\n## ${title}\n\n${lines.join('\n')}\n`;
  const start = text.indexOf(`\n## ${title}\n`);
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n${block}`);
    return;
  }
  const next = text.indexOf('\n## ', start + 1);
  writeFileSync(file, `${text.slice(0, start)}${block}${next === -1 ? '' : text.slice(next)}`);
}
