import { connect } from 'node:net';

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
