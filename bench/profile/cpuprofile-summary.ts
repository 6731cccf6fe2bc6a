/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints self time by function and by package:
 * node_modules/<package>, src/<folder> for our code, node: internals, and V8's own (GC,
 * program, idle). Shares are of the non-idle time.
 *
 *   npx tsx bench/profile/cpuprofile-summary.ts file.cpuprofile [top=25]
 *   npx tsx bench/profile/cpuprofile-summary.ts file.cpuprofile --callers DOMException [depth=4]
 *   npx tsx bench/profile/cpuprofile-summary.ts file.cpuprofile --inclusive 'handle src/http' 'limitRequestBodySize' ...
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(v8/native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const src = url.indexOf('/src/');
  if (src >= 0)
    return `src/${
      url
        .slice(src + 5)
        .split('/')
        .slice(0, -1)
        .join('/') || '.'
    }`;
  const bench = url.indexOf('/bench/');
  if (bench >= 0) return 'bench';
  return url;
}

/**
 * Self time per node; with a window (µs of the monotonic clock, as process.hrtime gives it on
 * Linux, which is V8's profile clock too), only the samples inside it: the startup is left out.
 */
export function summarise(profile: Profile, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  // timeDeltas[i] is the time before sample i; the sample's own duration is the next delta.
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) continue;
    const duration = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + duration);
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  }
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { idle, busy, byFunction: sorted(byFunction), byPackage: sorted(byPackage) };
}

/** Self time of the functions named `name`, by the chain of their `depth` nearest callers. */
export function callers(profile: Profile, name: string, depth = 4) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const chains = new Map<string, number>();
  for (const [id, micros] of self) {
    if (byId.get(id)!.callFrame.functionName !== name) continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < depth; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      chain.push(
        `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}`,
      );
    }
    const key = chain.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + micros);
  }
  return [...chains.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * Total time (self and below) of the frames whose `function url` contains each pattern, counted
 * once per sample however often the frame recurs on its stack. Shares are of the busy time.
 */
export function inclusive(profile: Profile, patterns: string[]) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map(patterns.map((pattern) => [pattern, 0]));
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    busy += micros;
    const hit = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      for (const pattern of patterns) if (`${functionName} ${url}`.includes(pattern)) hit.add(pattern);
    }
    for (const pattern of hit) totals.set(pattern, totals.get(pattern)! + micros);
  }
  return { busy, totals: [...totals.entries()] };
}

if (/cpuprofile-summary\.[jt]s$/.test(process.argv[1] ?? '') && process.argv[3] === '--inclusive') {
  const { busy, totals } = inclusive(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile, process.argv.slice(4));
  for (const [pattern, micros] of totals) console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${pattern}`);
} else if (/cpuprofile-summary\.[jt]s$/.test(process.argv[1] ?? '') && process.argv[3] === '--callers') {
  const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile;
  for (const [chain, micros] of callers(profile, process.argv[4]!, Number(process.argv[5] ?? 4)).slice(0, 8)) {
    console.log(`${(micros / 1000).toFixed(0).padStart(6)} ms  ${chain}`);
  }
} else if (/cpuprofile-summary\.[jt]s$/.test(process.argv[1] ?? '')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpuprofile-summary.ts file.cpuprofile [top]');
  const top = Number(process.argv[3] ?? 25);
  const { idle, busy, byFunction, byPackage } = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
  console.log(`busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
  console.log('\nself time by package');
  for (const [name, micros] of byPackage.slice(0, top)) console.log(`${pct(micros).padStart(6)}  ${name}`);
  console.log('\nself time by function');
  for (const [name, micros] of byFunction.slice(0, top)) console.log(`${pct(micros).padStart(6)}  ${name}`);
}
