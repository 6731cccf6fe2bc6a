/**
 * WORKERS > 1: that many gateway processes on one port (node:cluster). The primary serves no
 * request: it starts the workers, says once that the gateway is ready, replaces a worker that
 * dies, answers the workers' question for the instance's metrics, and on SIGTERM/SIGINT asks
 * every worker to drain (each as one process would) before it exits 0.
 *
 * What each process keeps in memory stays its own: the upstream HTTP cache, the whole-response
 * cache, circuits, rate budget and persisted queries are per worker unless REDIS_URL shares them.
 * The rate budget is then split: each worker keeps its share of UPSTREAM_RATE_LIMIT
 * (upstream/from-config.ts), so the instance as a whole stays within the setting.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** The messages between primary and workers; the prefix keeps them apart from prom-client's own. */
type Message =
  | { type: 'gateway:shutdown'; signal: string }
  | { type: 'gateway:metrics'; id: number }
  | { type: 'gateway:metrics-collect'; id: number }
  | { type: 'gateway:metrics-part'; id: number; metrics: MetricObjectWithValues<MetricValue<string>>[] }
  | { type: 'gateway:metrics-result'; id: number; contentType: string; body: string };

/** How long the primary waits for every worker's part of a scrape; a late worker is left out. */
const METRICS_WAIT_MS = 2_000;
/** A worker that dies this soon after start, before it ever listened, stops the whole start. */
const RESTART_WINDOW_MS = 10_000;

export interface PrimaryOptions {
  workers: number;
  /** The env every worker gets on top of the primary's (e.g. the embedded catalog's address). */
  env: Record<string, string>;
  /** Printed once every worker listens, with the URL. */
  readyLine(port: number): string;
  /** After the workers exited: the primary's own resources (the embedded catalog). */
  close(): Promise<void>;
}

export function runPrimary(options: PrimaryOptions): void {
  let stopping = false;
  const listening = new Set<number>();
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork(options.env);
    startedAt.set(worker.id, Date.now());
    worker.on('message', (message: Message) => onWorkerMessage(worker, message));
  };

  let announced = false;
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    // Once: a replacement worker listening again is no news to whoever waits for the line.
    if (listening.size === options.workers && !announced) {
      announced = true;
      console.log(options.readyLine(address.port));
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) return;
    const quick = Date.now() - (startedAt.get(worker.id) ?? 0) < RESTART_WINDOW_MS;
    if (!announced && quick) {
      // It never got to serve (a port in use, a bad setting): restarting would only loop.
      console.error(`A worker stopped while starting (code ${code ?? signal}); stopping the gateway.`);
      void stop('start failure', 1);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (code ${code ?? signal}); starting a new one.`);
    // A worker dying again and again right after its start gets a breath between replacements.
    setTimeout(fork, quick ? 1_000 : 0);
  });

  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (exitCode === 0) console.log(`${reason}: asking ${options.workers} workers to drain.`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exits = workers.map((worker) => {
      const serving = listening.has(worker.id);
      return new Promise<number>((done) => worker.once('exit', (code) => done(serving ? (code ?? 1) : 0)));
    });
    for (const worker of workers) {
      // One still starting has nothing in flight and may not hear a message yet: it just stops.
      if (listening.has(worker.id)) send(worker, { type: 'gateway:shutdown', signal: reason });
      else worker.process.kill('SIGKILL');
    }
    const codes = await Promise.all(exits);
    await options.close();
    process.exit(exitCode !== 0 ? exitCode : codes.every((code) => code === 0) ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let i = 0; i < options.workers; i++) fork();
}

function send(worker: Worker, message: Message): void {
  if (worker.isConnected()) worker.send(message);
}

type Part = MetricObjectWithValues<MetricValue<string>>[];

let scrapes = 0;
const parts = new Map<number, { expected: number; got: Part[]; done: () => void }>();

/** In the primary: a worker's question for the instance's metrics, answered from all workers. */
function onWorkerMessage(from: Worker, message: Message): void {
  if (message.type === 'gateway:metrics-part') {
    const scrape = parts.get(message.id);
    if (!scrape) return;
    scrape.got.push(message.metrics);
    if (scrape.got.length === scrape.expected) scrape.done();
    return;
  }
  if (message.type !== 'gateway:metrics') return;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w?.isConnected() === true);
  const id = ++scrapes;
  const got: Part[] = [];
  const finished = new Promise<void>((done) => {
    parts.set(id, { expected: workers.length, got, done });
    setTimeout(done, METRICS_WAIT_MS).unref();
  });
  for (const worker of workers) send(worker, { type: 'gateway:metrics-collect', id });
  void finished.then(async () => {
    parts.delete(id);
    const registry = AggregatorRegistry.aggregate(got);
    send(from, { type: 'gateway:metrics-result', id: message.id, contentType: registry.contentType, body: await registry.metrics() });
  });
}

/** In a worker: drains on the primary's word as on its own signal. */
export function onPrimaryShutdown(stop: (signal: string) => void): void {
  process.on('message', (message: Message) => {
    if (message.type === 'gateway:shutdown') stop(message.signal);
  });
}

/**
 * In a worker: the scrape of `/metrics` for the whole instance, whichever worker answers:
 * counters and histograms summed over the workers (prom-client's AggregatorRegistry), gauges
 * summed too. The worker also gives its own registry's values when the primary collects.
 */
export function workerScrape(registry: Registry): () => Promise<{ contentType: string; body: string }> {
  let asked = 0;
  const waiting = new Map<number, (answer: { contentType: string; body: string }) => void>();
  process.on('message', (message: Message) => {
    if (message.type === 'gateway:metrics-collect') {
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: 'gateway:metrics-part', id: message.id, metrics }));
    } else if (message.type === 'gateway:metrics-result') {
      waiting.get(message.id)?.({ contentType: message.contentType, body: message.body });
      waiting.delete(message.id);
    }
  });
  return () =>
    new Promise((resolve) => {
      const id = ++asked;
      waiting.set(id, resolve);
      process.send?.({ type: 'gateway:metrics', id });
    });
}
