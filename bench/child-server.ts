/**
 * How the bench's child servers (the gateway, bare Yoga, the floors) and the scripts that start
 * them meet: the child prints one "<name> ready at <url>" line once it listens, and stops on
 * SIGTERM after closing its connections.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** In the child: serves on a free loopback port, says where, and stops on SIGTERM. */
export function serveAsChild(listener: RequestListener, name: string, server: Server = createServer(listener)): Server {
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    console.log(`${name} ready at http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  return server;
}

/**
 * In the parent: the URL of the child's ready line, and all it printed up to it. From then on its
 * output is drained, never kept, so a long run neither grows nor slows down.
 */
export function waitForReady(child: ChildProcess, name: string): Promise<{ url: string; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (!match) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), output });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}
