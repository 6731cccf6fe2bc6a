import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** Everything the server sent before it closed the connection or the wait ended. */
  text: string;
  status?: number;
  /** How the connection ended: closed by the server, reset, or still open when we stopped waiting. */
  ending: 'closed' | 'reset' | 'open';
  /** Milliseconds from the first byte sent to the status line arriving. */
  msToStatus?: number;
}

/**
 * One hand-written HTTP exchange over a raw socket: for what fetch refuses to send (a
 * malformed Host, a body that never ends, a Content-Length that lies).
 */
export function rawExchange(
  port: number,
  head: string,
  options: { body?: Buffer | string; trickle?: { chunk: string; everyMs: number }; waitMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let text = '';
    let msToStatus: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = (ending: RawAnswer['ending']) => {
      clearInterval(timer);
      clearTimeout(wait);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ text, status: status ? Number(status) : undefined, ending, msToStatus });
    };
    const wait = setTimeout(() => done('open'), options.waitMs ?? 5_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (msToStatus === undefined && text.startsWith('HTTP/1.1')) msToStatus = performance.now() - started;
    });
    socket.on('end', () => done('closed'));
    socket.on('error', () => done('reset'));
    socket.write(`${head.replace(/\n/g, '\r\n')}\r\n`);
    if (options.body) socket.write(options.body);
    if (options.trickle) {
      const { chunk, everyMs } = options.trickle;
      timer = setInterval(() => socket.writable && socket.write(chunk), everyMs);
    }
  });
}

/** The JSON body of a raw answer (after the blank line; chunked framing removed when present). */
export function rawJson(answer: RawAnswer): any {
  const [head, ...rest] = answer.text.split('\r\n\r\n');
  let body = rest.join('\r\n\r\n');
  if (/transfer-encoding: chunked/i.test(head)) body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '');
  return JSON.parse(body.trim());
}

/**
 * A chunked answer's body, and the size of each chunk as the server wrote it: each write of the
 * answer is one chunk on the wire, so the largest is the most the server handed its socket at once.
 */
export function rawChunks(answer: RawAnswer): { sizes: number[]; body: Buffer } {
  const bytes = Buffer.from(answer.text, 'latin1');
  let at = bytes.indexOf('\r\n\r\n') + 4;
  if (!/transfer-encoding: chunked/i.test(bytes.subarray(0, at).toString('latin1'))) throw new Error('not a chunked answer');
  const sizes: number[] = [];
  const parts: Buffer[] = [];
  for (;;) {
    const line = bytes.indexOf('\r\n', at);
    if (line < 0) throw new Error('the answer ended inside a chunk');
    const size = Number.parseInt(bytes.subarray(at, line).toString('latin1'), 16);
    if (size === 0) break;
    sizes.push(size);
    parts.push(bytes.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
  return { sizes, body: Buffer.concat(parts) };
}

/** Asks for the answer over a socket of its own, and reads none of it until told to. */
export function stalledClient(
  port: number,
  body: string,
  /** Where the socket is kept, for the test to destroy it at the end. */
  sockets: Socket[],
  accept = 'application/json',
): { socket: Socket; received: (withinMs?: number) => Promise<{ bytes: number; ended: boolean }> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.pause();
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: ${accept}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  socket.write(body);
  return {
    socket,
    /**
     * Reads what the gateway had sent, and what it sends next, until the connection ends or
     * `withinMs` pass: did it end? A loaded machine may have started a client's answer late, and
     * its timeout runs from its own last write taken, so each is given until then.
     */
    received: (withinMs = 1_500) =>
      new Promise((resolve) => {
        let bytes = 0;
        let ended = false;
        const done = () => {
          clearTimeout(bound);
          resolve({ bytes, ended });
        };
        const bound = setTimeout(done, withinMs);
        socket.on('data', (chunk) => (bytes += chunk.length));
        const end = () => {
          ended = true;
          done();
        };
        socket.once('end', end);
        socket.once('close', end);
        socket.resume();
      }),
  };
}
