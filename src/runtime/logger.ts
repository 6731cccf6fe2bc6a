import cluster from 'node:cluster';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach a line: known fields are redacted by key at any
 * depth, and every string is scrubbed of bearer tokens, session ids and request tokens,
 * wherever they hide (a URL's query, an error message, a header dump).
 */

/** Keys whose values are secrets at any depth of a logged object (compared lower-cased). */
const SECRET_KEYS = new Set([
  'authorization',
  'x-session-id',
  'x-guest-session-id',
  'sessionid',
  'session_id',
  'guestsessionid',
  'guest_session_id',
  'accesstoken',
  'access_token',
  'requesttoken',
  'request_token',
  'password',
]);

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/(bearer\s+)[^\s"',;]+/gi, '$1[redacted]'],
  [/((?:guest_)?session_id=)[^&\s"']+/gi, '$1[redacted]'],
  [/(request_token=)[^&\s"']+/gi, '$1[redacted]'],
  [/(\/guest_session\/)[^/?\s"']+/gi, '$1[redacted]'],
  [/("(?:session_id|guest_session_id|request_token|password|access_token)"\s*:\s*")[^"]*/gi, '$1[redacted]'],
];

/** Cheap first test: a string without any of these words has nothing to scrub (most log strings). */
const MAY_HOLD_SECRET = /bearer|session|request_token|password|access_token/i;

export function scrub(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Keys already classified: log lines reuse a small vocabulary, so most keys are lower-cased once. */
const keyIsSecret = new Map<string, boolean>();
const KEYS_REMEMBERED = 1_000;

function isSecretKey(key: string): boolean {
  let secret = keyIsSecret.get(key);
  if (secret === undefined) {
    secret = SECRET_KEYS.has(key.toLowerCase());
    if (keyIsSecret.size < KEYS_REMEMBERED) keyIsSecret.set(key, secret);
  }
  return secret;
}

/**
 * Secret keys redacted and every string scrubbed, at any depth. Allocates only where something
 * changes, so the log line of every request costs a few microseconds (pino's path-based
 * `redact` with wildcards cost ~27 µs a line, half a response-cache hit).
 */
function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: scrub(value.message), stack: value.stack && scrub(value.stack) };
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const clean = scrubDeep(item, depth + 1);
      if (clean !== item) (copy ??= [...value])[index] = clean;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const clean = isSecretKey(key) ? '[redacted]' : scrubDeep(item, depth + 1);
    if (clean !== item) (copy ??= { ...value })[key] = clean;
  }
  return copy ?? value;
}

/**
 * Lines go out in writes of up to LOG_BATCH_BYTES, each at most LOG_FLUSH_MS after it was logged:
 * a write per line was a syscall per request, about 8 µs of the 700 of a computed answer under
 * load (docs/performance.md, "The log line in batches"). A warning or an error goes out at once,
 * with whatever waited before it; at exit pino writes what is left. Workers (WORKERS > 1) share
 * one stdout, and a write to a pipe of at most PIPE_BUF (4096) bytes is never interleaved with
 * another process's: a batch starts at half of that, and a worker's writes are never longer (lines
 * that piled up while a write was under way go out in several), so every line stays whole. A
 * process alone on its stdout writes up to sonic-boom's 16 KB at once: under 20,000 lines a second
 * the writes of 4 KB cost a response-cache hit about 8 µs more (docs/performance.md).
 */
const LOG_BATCH_BYTES = 2048;
const PIPE_BUF = 4096;
const LOG_FLUSH_MS = 100;
/**
 * Lines waiting while stdout takes nothing (its reader stalled, a full pipe): past this, new lines
 * are dropped and counted rather than kept without bound, and the count is logged once stdout
 * takes lines again. A gateway whose log reader stops keeps answering in bounded memory.
 */
export const LOG_WAITING_MAX_BYTES = 4 * 1024 * 1024;
/** pino's level of `warn`: from it up, a line is not kept waiting. */
const WARN = 40;

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  // Written off the request path, batching whatever accumulates while a write is under way: with
  // a synchronous write per line, the log line of a response-cache hit cost more than the hit
  // itself (half its req/s in the bench).
  const stream =
    destination ??
    pino.destination({
      dest: 1,
      sync: false,
      minLength: LOG_BATCH_BYTES,
      maxWrite: cluster.isWorker ? PIPE_BUF : undefined,
      maxLength: LOG_WAITING_MAX_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
  const boom = destination ? undefined : (stream as ReturnType<typeof pino.destination>);
  const urgent = () => {
    try {
      boom?.flush();
    } catch {
      // Destroyed: the process is closing its log at exit, and pino has written what was left.
    }
  };
  const logger = pino(
    {
      level,
      formatters: { log: (object) => scrubDeep(object) as Record<string, unknown> },
      hooks: {
        // Message strings too: logger.warn(error.message) must not carry a secret either.
        logMethod(args, method, lineLevel) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
          if (lineLevel >= WARN) urgent();
        },
      },
    },
    stream,
  );
  if (boom) countDropped(boom, logger);
  return logger;
}

/** Lines dropped past LOG_WAITING_MAX_BYTES, said in one warning when stdout takes lines again. */
function countDropped(boom: ReturnType<typeof pino.destination>, logger: Logger) {
  let dropped = 0;
  boom.on('drop', () => void dropped++);
  boom.on('drain', () => {
    if (dropped === 0) return;
    const lines = dropped;
    dropped = 0;
    logger.warn({ droppedLines: lines }, 'log lines dropped: stdout took nothing while they waited');
  });
}
