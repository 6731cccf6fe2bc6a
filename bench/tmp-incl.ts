import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const nodes = new Map<number, any>(); for (const n of p.nodes) nodes.set(n.id, n);
const parent = new Map<number, number>(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map<number, number>(); for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const incl = new Map<string, number>();
const key = (n: any) => { const u = n.callFrame.url as string; const i = u.indexOf('/src/'); return i >= 0 ? `${u.slice(i + 1)} ${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber + 1}` : undefined; };
for (const [id, c] of counts) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) { const k = key(nodes.get(cur)); if (k && !seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + c); } }
}
const idle = p.nodes.filter((n: any) => n.callFrame.functionName === '(idle)').reduce((a: number, n: any) => a + (counts.get(n.id) ?? 0), 0);
console.log('busy samples', total - idle);
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 50))) console.log((100 * v / (total - idle)).toFixed(1).padStart(5), '%', k);
