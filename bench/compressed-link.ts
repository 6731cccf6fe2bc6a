/**
 * What compressed upstream answers buy over the internet (BENCH_ONLY=compression runs this part
 * alone): the catalog behind one 20 Mbit/s link (CATALOG_BANDWIDTH_KBPS) with 20 ms per call,
 * the gateway cold (both caches off, one process), the movie page (b) and the 20 upcoming (c),
 * sequential requests, with the catalog compressing when asked and with it never compressing.
 */
import { request } from 'undici';
import { startGateway, stopGateway } from './gateway-process.ts';
import { type Catalog, catalogMovieId, PEER_DOCUMENTS, startCatalogProcess } from './peer-kit.ts';

const LINK_KBPS = Number(process.env.BENCH_LINK_KBPS ?? 20_000);
const RUNS = Number(process.env.BENCH_LINK_RUNS ?? 20);

async function timed(url: string, query: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200 || text.includes('"errors"')) throw new Error(`gateway: ${response.statusCode} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;

async function measure(catalog: Catalog, documents: [string, string][]) {
  const gateway = await startGateway(catalog.baseUrl, catalog.token, {
    WORKERS: '1',
    CACHE_ENABLED: 'false',
    RESPONSE_CACHE_ENABLED: 'false',
  });
  try {
    const figures = new Map<string, { p50: number; p90: number }>();
    for (const [operation, query] of documents) {
      await timed(gateway.url, query, catalog.token);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timed(gateway.url, query, catalog.token));
      figures.set(operation, { p50: percentile(times, 0.5), p90: percentile(times, 0.9) });
    }
    return figures;
  } finally {
    await stopGateway(gateway);
  }
}

export async function compressedLinkFigures(): Promise<string[]> {
  const movieId = await catalogMovieId();
  const documents: [string, string][] = [
    ['(b) movie page', PEER_DOCUMENTS['(b) movie page'](movieId)],
    ['(c) 20 upcoming + titles + reviews', PEER_DOCUMENTS['(c) 20 upcoming + titles + reviews']],
  ];
  const results: Record<string, Map<string, { p50: number; p90: number }>> = {};
  for (const compression of ['true', 'false']) {
    const catalog = await startCatalogProcess({ CATALOG_BANDWIDTH_KBPS: String(LINK_KBPS), CATALOG_COMPRESSION: compression });
    try {
      results[compression] = await measure(catalog, documents);
    } finally {
      await catalog.stop();
    }
  }
  return [
    `Cold (both caches off, \`WORKERS=1\`), ${RUNS} sequential requests after one warm-up, catalog in its own process behind one ${LINK_KBPS / 1000} Mbit/s link shared by all its answers (\`CATALOG_BANDWIDTH_KBPS=${LINK_KBPS}\`) and 20 ms per call. The gateway always asks for \`br, gzip\`; "plain" is the catalog told never to compress (\`CATALOG_COMPRESSION=false\`).`,
    '',
    '| op | compressed p50 / p90 ms | plain p50 / p90 ms | plain ÷ compressed (p50) |',
    '|---|---|---|---|',
    ...documents.map(([operation]) => {
      const on = results.true!.get(operation)!;
      const off = results.false!.get(operation)!;
      return `| ${operation} | ${on.p50.toFixed(1)} / ${on.p90.toFixed(1)} | ${off.p50.toFixed(1)} / ${off.p90.toFixed(1)} | ${(off.p50 / on.p50).toFixed(2)}× |`;
    }),
  ];
}
