import { createServer } from 'node:http';
import { ConfigError, loadConfig } from './config.ts';
import { createGateway } from './server.ts';

async function main() {
  const config = loadConfig();
  let catalogBaseUrl = config.catalogBaseUrl;
  let catalogAccessToken = config.catalogAccessToken;
  let closeCatalog = async () => {};
  if (!catalogBaseUrl) {
    // Loaded only when used: a gateway in front of a real upstream never pays for the fake one.
    const { startCatalog } = await import('./catalog/server.ts');
    const catalog = await startCatalog({ host: '127.0.0.1', port: 0 });
    catalogBaseUrl = catalog.baseUrl;
    catalogAccessToken ??= catalog.demoToken;
    closeCatalog = () => catalog.close();
    console.log(`CATALOG_BASE_URL is not set: using the embedded catalog at ${catalog.baseUrl} with its demo token.`);
  }
  const gateway = createGateway({ ...config, catalogBaseUrl, catalogAccessToken });
  const server = createServer(gateway.listener);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(`Media Catalog GraphQL gateway ready at http://${host}:${port}/graphql`);
  });
  const stop = () => {
    server.close();
    void Promise.all([gateway.upstream.close(), closeCatalog()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Failed to start: ${(error as Error).message}`);
  process.exit(1);
});
