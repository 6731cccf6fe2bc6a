import { createServer, type RequestListener, type Server } from 'node:http';
import type { HttpSettings } from '../runtime/config.ts';

/**
 * The Node HTTP server with bounded patience: a client that trickles its headers or body is
 * cut after the request timeout (Node answers 408), idle keep-alive connections close, and
 * the timeouts are checked every second instead of Node's default 30 s.
 */
export function createHttpServer(listener: RequestListener, settings: HttpSettings): Server {
  const server = createServer(
    {
      requestTimeout: settings.requestTimeoutMs,
      headersTimeout: settings.headersTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, settings.requestTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  return server;
}

/** One line that names the problem and the setting to change, for a server that cannot listen. */
export function listenErrorLine(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Cannot listen on ${where}: the port is already in use (set PORT to a free port).`;
    case 'EACCES':
      return `Cannot listen on ${where}: permission denied for this port (set PORT above 1023).`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: the address is not one of this machine's (check HOST).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot listen on ${where}: the host name does not resolve (check HOST).`;
    default:
      return `Cannot listen on ${where}: ${error.code ?? error.message} (check HOST and PORT).`;
  }
}

/** Listens, resolving with the bound port, or rejecting with the one-line reason. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(new Error(listenErrorLine(error, host, port)));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Stops accepting connections and lets requests in flight finish, for at most `timeoutMs`;
 * then cuts whatever is left. Resolves once no connection remains.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
