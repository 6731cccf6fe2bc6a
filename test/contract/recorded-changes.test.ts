import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { instanceConfig, startInstance, until, type Instance } from '../fleet/fleet.ts';
import { type ChangingUpstream, startChangingUpstream } from '../upstream/changing-upstream.ts';

/**
 * The real service's change lists and object change logs, as recorded (recorded*\/ files with
 * "changes" in their names), read by the change feeds' poller: every list, each of its pages
 * (the recording answers them all), and each object's log once it is held and listed again.
 */
const POLL_MS = 200;
const here = new URL('.', import.meta.url);
const recordings = readdirSync(here)
  .filter((folder) => /^recorded\d*$/.test(folder))
  .flatMap((folder) =>
    readdirSync(new URL(`${folder}/`, here))
      .filter((file) => file.includes('changes'))
      .map((file) => ({ file: `${folder}/${file}`, body: JSON.parse(readFileSync(new URL(`${folder}/${file}`, here), 'utf8')) })),
  );
const lists = recordings.filter((r) => /-(movie|tv|person)-changes\.json$/.test(r.file));
const logs = recordings.filter((r) => /-(movie|tv|person)-\d+-changes\.json$/.test(r.file));

let upstream: ChangingUpstream;
let gateway: Instance;
const metric = async (event: string) =>
  Number(
    new RegExp(`gateway_change_feed_events\\{event="${event}"\\} (\\d+)`).exec((await gateway.gateway.metrics.scrape()).body)?.[1] ?? 0,
  );

beforeAll(async () => {
  upstream = await startChangingUpstream();
  const base = instanceConfig(upstream.baseUrl, upstream.token);
  gateway = await startInstance({ ...base, changes: { ...base.changes, pollMs: POLL_MS } });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

it('the recorded change lists replay through the poller without error', async () => {
  expect(lists.length).toBe(7);
  for (const { file, body } of lists) {
    const kind = /-(movie|tv|person)-changes/.exec(file)![1]!;
    upstream.record(`/${kind}/changes`, body);
    const reads = await metric('read');
    const started = Date.now();
    while ((await metric('read')) < reads + 2) {
      expect(Date.now() - started, file).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await metric('failure'), file).toBe(0);
  }
  expect(await metric('changed_movie')).toBeGreaterThan(0);
  expect(await metric('changed_person')).toBeGreaterThan(0);
});

it('the recorded object change logs replay through the poller without error', async () => {
  expect(logs.length).toBe(7);
  const movies = logs.filter((r) => r.file.includes('-movie-')).map((r) => Number(/-movie-(\d+)-/.exec(r.file)![1]));
  for (const { file, body } of logs) {
    const [, kind, id] = /-(movie|tv|person)-(\d+)-changes/.exec(file)!;
    upstream.record(`/${kind}/${id}/changes`, body);
  }
  upstream.record('/movie/changes', {
    results: movies.map((id) => ({ id, adult: false })),
    page: 1,
    total_pages: 1,
    total_results: movies.length,
  });
  // Held, and listed on two reads: the second asks each one's log.
  const reads = await metric('read');
  while ((await metric('read')) < reads + 2) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const id of movies) await gateway.query(`{ movie(id: ${id}) { title } }`);
  await until(() => movies.every((id) => upstream.callsTo(`/movie/${id}/changes`) >= 1), 10_000);
  expect(await metric('failure')).toBe(0);
});
