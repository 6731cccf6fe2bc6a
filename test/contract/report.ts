import { NULL_NOTE } from './compare.ts';
import type { OperationResult } from './run.ts';

/** How the results read: per operation for a failing test, grouped by field for the summary. */

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
const LIMIT = 60;

/** Nulls of an answer with GraphQL errors (most follow from them), and the other differences. */
function split(r: OperationResult) {
  const afterErrors = r.errors.length > 0 ? r.mismatches.filter((m) => m.note === NULL_NOTE) : [];
  return [afterErrors, r.mismatches.filter((m) => !afterErrors.includes(m))] as const;
}

/** The problems of one operation, one per line; empty when there are none. */
export function operationReport(r: OperationResult): string {
  const lines: string[] = [];
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`, ...items.slice(0, LIMIT).map((i) => `  ${i}`));
    if (items.length > LIMIT) lines.push(`  ... and ${items.length - LIMIT} more`);
  };
  if (r.notReached) lines.push(r.notReached);
  section('GraphQL errors', r.errors);
  section(
    'example fields not exposed',
    [...r.exposure.unexposed].map(([path, field]) => `${path}  (${field})`),
  );
  const [afterErrors, mismatches] = split(r);
  section(
    'values that differ',
    mismatches.map(
      (m) => `${m.path} ${m.field}: example ${shown(m.example)}, graph ${shown(m.actual)} (${m.note}${m.count > 1 ? `, ×${m.count}` : ''})`,
    ),
  );
  if (afterErrors.length > 0) {
    lines.push(`null where the example has a value, after the GraphQL errors above (${afterErrors.length} paths):`);
    lines.push(`  ${afterErrors.map((m) => m.path).join(', ')}`);
  }
  section('request sent upstream', r.request);
  if (lines.length === 0) return '';
  lines.push(`anchor: ${r.anchor}`);
  if (r.otherCalls.length > 0) lines.push(`other upstream calls: ${r.otherCalls.join(', ')}`);
  lines.push(`query: ${r.query.replace(/\s+/g, ' ')}`);
  return `${r.operationId}\n${lines.join('\n')}`;
}

/** Distinct example paths per operation; a path not exposed in some item (another kind of work) counts as not exposed. */
export function totals(results: OperationResult[]) {
  const sum = (f: (r: OperationResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const exposedOnly = (r: OperationResult) => [...r.exposure.exposed].filter((p) => !r.exposure.unexposed.has(p)).length;
  return {
    exposed: sum(exposedOnly),
    fields: sum((r) => exposedOnly(r) + r.exposure.unexposed.size),
    faithful: sum((r) => r.faithful.size),
    compared: sum((r) => r.exposure.compared.size),
    leftOut: sum((r) => r.exposure.leftOut.size),
  };
}

/** The defects of all operations, grouped: unexposed fields by type and key, differing values by field and cause. */
export function groupedReport(results: OperationResult[]): string {
  const unexposed = new Map<string, Set<string>>();
  const values = new Map<string, Set<string>>();
  for (const r of results) {
    for (const [path, field] of r.exposure.unexposed) {
      const set = unexposed.get(field) ?? new Set();
      unexposed.set(field, set.add(`${r.operationId}: ${path}`));
    }
    for (const m of split(r)[1]) {
      const key = `${m.field} (${m.note})`;
      const set = values.get(key) ?? new Set();
      values.set(key, set.add(`${r.operationId}: ${m.path} example ${shown(m.example)}, graph ${shown(m.actual)}`));
    }
  }
  const lines = ['example fields not exposed, by type and key:'];
  for (const [field, where] of [...unexposed].sort()) lines.push(`  ${field}`, ...[...where].slice(0, 4).map((w) => `      ${w}`));
  lines.push('values that differ, by field and cause:');
  for (const [field, where] of [...values].sort()) lines.push(`  ${field}`, ...[...where].slice(0, 3).map((w) => `      ${w}`));
  lines.push('GraphQL errors, by operation:');
  for (const r of results) {
    for (const e of r.errors) lines.push(`  ${r.operationId}: ${e}`);
    if (split(r)[0].length > 0) lines.push(`      (and ${split(r)[0].length} example paths null after it)`);
  }
  lines.push('requests sent upstream:');
  for (const r of results) for (const p of r.request) lines.push(`  ${r.operationId}: ${p}`);
  lines.push('left out on purpose (LEFT_OUT in rules.ts):');
  for (const r of results) for (const [path, reason] of r.exposure.leftOut) lines.push(`  ${r.operationId}: ${path} (${reason})`);
  lines.push('known example quirks:');
  for (const r of results) if (r.quirk) lines.push(`  ${r.operationId}: ${r.quirk}`);
  lines.push('the field each operation answers (anchor):');
  for (const r of results) lines.push(`  ${r.operationId}: ${r.anchor}`);
  return lines.join('\n');
}
