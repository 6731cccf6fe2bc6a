import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig } from './config.ts';
import { closeGracefully, createHttpServer, listen } from './http/serve.ts';
import { createLogger } from './logger.ts';
import { createGateway } from './server.ts';
import { tracingFromEnv } from './tracing.ts';

async function main() {
  const config = loadConfig();
  let catalogBaseUrl = config.catalogBaseUrl;
  let catalogAccessToken = config.catalogAccessToken;
  let approvalBaseUrl = config.approvalBaseUrl;
  let closeCatalog = async () => {};
  if (!catalogBaseUrl) {
    // Loaded only when used: a gateway in front of a real upstream never pays for the fake one.
    const { startCatalog } = await import('./catalog/server.ts');
    const catalog = await startCatalog({ host: '127.0.0.1', port: 0 });
    catalogBaseUrl = catalog.baseUrl;
    catalogAccessToken ??= catalog.demoToken;
    approvalBaseUrl = new URL(catalog.baseUrl).origin;
    closeCatalog = () => catalog.close();
    console.log(`CATALOG_BASE_URL is not set: using the embedded catalog at ${catalog.baseUrl} with its demo token.`);
  }
  const logger = createLogger(config.logLevel);
  // OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing of it runs otherwise.
  const tracing = tracingFromEnv();
  const gateway = createGateway({ ...config, catalogBaseUrl, catalogAccessToken, approvalBaseUrl }, logger, { tracing });
  const server = createHttpServer(gateway.front.listener, config.http);
  const port = await listen(server, config.host, config.port);
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Media Catalog GraphQL gateway ready at http://${host}:${port}/graphql`);

  // In-flight requests finish (within SHUTDOWN_TIMEOUT_MS), new ones are refused, then the
  // upstream pool closes and the process exits 0.
  const stop = async (signal: string) => {
    console.log(`${signal}: draining requests in flight (up to ${config.http.shutdownTimeoutMs} ms).`);
    gateway.front.drain();
    await closeGracefully(server, config.http.shutdownTimeoutMs);
    await Promise.race([Promise.all([gateway.upstream.close(), closeCatalog(), tracing?.shutdown()]), sleep(1_000)]);
    logger.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Failed to start: ${(error as Error).message}`);
  process.exit(1);
});
