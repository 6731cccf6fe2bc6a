import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach a line: known fields are redacted by path, and
 * every string is scrubbed of bearer tokens, session ids and request tokens, wherever they hide
 * (a URL's query, an error message, a header dump).
 */
const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers["x-session-id"]',
  'headers["x-guest-session-id"]',
  '*.headers["x-session-id"]',
  '*.headers["x-guest-session-id"]',
  'variables.requestToken',
  'variables.password',
  'variables.sessionId',
  '*.variables.requestToken',
  '*.variables.password',
  '*.variables.sessionId',
  'sessionId',
  'guestSessionId',
  'accessToken',
  'requestToken',
  'password',
];

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/(bearer\s+)[^\s"',;]+/gi, '$1[redacted]'],
  [/((?:guest_)?session_id=)[^&\s"']+/gi, '$1[redacted]'],
  [/(request_token=)[^&\s"']+/gi, '$1[redacted]'],
  [/(\/guest_session\/)[^/?\s"']+/gi, '$1[redacted]'],
  [/("(?:session_id|guest_session_id|request_token|password|access_token)"\s*:\s*")[^"]*/gi, '$1[redacted]'],
];

export function scrub(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: scrub(value.message), stack: value.stack && scrub(value.stack) };
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubDeep(item, depth + 1)]));
}

export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: (object) => scrubDeep(object) as Record<string, unknown> },
      hooks: {
        // Message strings too: logger.warn(error.message) must not carry a secret either.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
