// First, in this order: graphql-js loaded in its production mode (runtime/graphql-production/begin.ts says why).
import './runtime/graphql-production/begin.ts';
import 'graphql';
import './runtime/graphql-production/end.ts';
import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from './runtime/config.ts';
import { closeGracefully, createHttpServer, listen } from './http/serve.ts';
import { createLogger } from './runtime/logger.ts';
import { createGateway } from './gateway.ts';
import { tracingFromEnv } from './runtime/tracing.ts';
import { onPrimaryShutdown, runPrimary } from './runtime/workers.ts';
import { rateShareNote } from './upstream/from-config.ts';
import { collectStartupGarbage } from './runtime/startup-garbage.ts';

/** Without CATALOG_BASE_URL: the embedded catalog, started once (by the primary when WORKERS > 1). */
async function embeddedCatalog() {
  // Loaded only when used: a gateway in front of a real upstream never pays for the fake one,
  // and a production install, which has no development dependencies, has no catalog to load.
  const { startCatalog } = await import('@media-catalog/catalog').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ERR_MODULE_NOT_FOUND' || !error.message.includes("'@media-catalog/catalog'")) throw error;
    throw new Error(
      'CATALOG_BASE_URL is not set, and this install has no embedded catalog (@media-catalog/catalog is a development dependency)',
    );
  });
  const catalog = await startCatalog({ host: '127.0.0.1', port: 0 });
  console.log(`CATALOG_BASE_URL is not set: using the embedded catalog at ${catalog.baseUrl} with its demo token.`);
  return catalog;
}

function readyLine(host: string, port: number, workers: number, note = ''): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `Media Catalog GraphQL gateway ready at http://${shown}:${port}/graphql${workers > 1 ? ` (${workers} workers${note})` : ''}`;
}

async function primary(config: ReturnType<typeof loadConfig>) {
  const env: Record<string, string> = {};
  let close = async () => {};
  if (!config.catalogBaseUrl) {
    const catalog = await embeddedCatalog();
    env.CATALOG_BASE_URL = catalog.baseUrl;
    if (!config.catalogAccessToken) env.CATALOG_ACCESS_TOKEN = catalog.demoToken;
    env.CATALOG_APPROVAL_BASE_URL = new URL(catalog.baseUrl).origin;
    close = () => catalog.close();
  }
  runPrimary({
    workers: config.workers,
    env,
    readyLine: (port) => readyLine(config.host, port, config.workers, rateShareNote(config)),
    close,
  });
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return primary(config);
  let catalogBaseUrl = config.catalogBaseUrl;
  let catalogAccessToken = config.catalogAccessToken;
  let approvalBaseUrl = config.approvalBaseUrl;
  let closeCatalog = async () => {};
  if (!catalogBaseUrl) {
    const catalog = await embeddedCatalog();
    catalogBaseUrl = catalog.baseUrl;
    catalogAccessToken ??= catalog.demoToken;
    approvalBaseUrl = new URL(catalog.baseUrl).origin;
    closeCatalog = () => catalog.close();
  }
  const logger = createLogger(config.logLevel);
  // OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing of it runs otherwise.
  const tracing = await tracingFromEnv();
  const gateway = createGateway({ ...config, catalogBaseUrl, catalogAccessToken, approvalBaseUrl }, logger, { tracing });
  const server = createHttpServer(gateway.front.listener, config.http);
  const port = await listen(server, config.host, config.port);
  // Registered before any /readiness probe can wait on the build, so it runs (about 0.1 s) before
  // readiness first says ready. A failed build is logged where it fails (gateway.ts).
  void gateway.built.then(
    () => logger.info(collectStartupGarbage(), 'startup garbage collected'),
    () => {},
  );
  // A worker's readiness is the primary's to say, once for all of them.
  if (cluster.isPrimary) console.log(readyLine(config.host, port, 1));

  // On SIGTERM readiness turns 503 while requests are still served for SHUTDOWN_DELAY_MS, so a
  // balancer that does not retry takes the instance out before the listener closes. Then
  // in-flight requests finish (within SHUTDOWN_TIMEOUT_MS), new ones are refused, the upstream
  // pool closes and the process exits 0. Once: a worker hears both its primary and, from a
  // terminal's Ctrl-C, the signal itself.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const delayMs = signal === 'SIGTERM' ? config.http.shutdownDelayMs : 0;
    gateway.front.leave();
    if (delayMs > 0) {
      if (cluster.isPrimary) console.log(`${signal}: unready, still serving for ${delayMs} ms (SHUTDOWN_DELAY_MS).`);
      await sleep(delayMs);
    }
    if (cluster.isPrimary) console.log(`${signal}: draining requests in flight (up to ${config.http.shutdownTimeoutMs} ms).`);
    gateway.front.drain();
    await closeGracefully(server, config.http.shutdownTimeoutMs);
    await Promise.race([Promise.all([gateway.upstream.close(), closeCatalog(), tracing?.shutdown()]), sleep(1_000)]);
    logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (cluster.isWorker) onPrimaryShutdown((signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Failed to start: ${(error as Error).message}`);
  process.exit(1);
});
