import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';
import * as z from 'zod';

/**
 * The kinds of value a setting can hold, each a zod schema that reads one environment variable
 * (a string, or absent) into its typed value. A blank value counts as unset, surrounding spaces
 * are dropped. Every problem is worded here, as the rest of the line after
 * `Invalid configuration: NAME `, so all settings of a kind say it the same way.
 */

/** What docs/configuration.md shows of a setting, and its default under NODE_ENV=production. */
export interface SettingMeta {
  description: string;
  /** What the variable accepts, e.g. "integer 1–64". */
  accepts: string;
  /** The default as the doc shows it; absent: unset. */
  default?: string;
  /** The raw default that replaces the usual one when NODE_ENV=production, read at load time. */
  production?: () => string;
  /** How the doc shows that production default (when not the raw value itself). */
  productionText?: string;
}

/** Every declared setting's schema → its meta: the doc generator and the production defaults read it. */
export const settingMeta = z.registry<SettingMeta>();

interface Common<T> {
  description: string;
  /** Absent: the setting may stay unset (its value is then undefined). */
  default?: T;
  /** Shown in the doc instead of the default value, e.g. "`0` (off)". */
  defaultText?: string;
  /** The default when NODE_ENV=production, e.g. no GraphiQL page. */
  production?: T | (() => T);
  productionText?: string;
}

type Declared<T, O extends Common<T>> = z.ZodType<O extends { default: T } ? T : T | undefined, unknown>;

/** Blank is unset; a value is read without its surrounding spaces. */
function blankIsUnset(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function setting<T, O extends Common<T>>(
  value: z.ZodType<T, string>,
  options: O,
  accepts: string,
  show: (value: T) => string,
): Declared<T, O> {
  const inner = options.default === undefined ? value.optional() : value.default(options.default as never);
  const { production } = options;
  const schema = z.preprocess(blankIsUnset, inner);
  settingMeta.add(schema, {
    description: options.description,
    accepts,
    default: options.defaultText ?? (options.default === undefined ? undefined : `\`${show(options.default)}\``),
    production:
      production === undefined ? undefined : () => String(typeof production === 'function' ? (production as () => T)() : production),
    productionText:
      options.productionText ?? (production === undefined || typeof production === 'function' ? undefined : `\`${show(production as T)}\``),
  });
  return schema as unknown as Declared<T, O>;
}

/** new URL(), or undefined for what it cannot read. */
function urlOf(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** A check written as code, for rules zod has no builder for; `problem` never quotes a secret. */
function checked<T>(read: (raw: string) => T | { problem: string }): z.ZodType<T, string> {
  return z.string().transform((raw, ctx) => {
    const result = read(raw);
    if (typeof result === 'object' && result !== null && 'problem' in result) {
      ctx.issues.push({ code: 'custom', message: result.problem, input: undefined });
      return z.NEVER;
    }
    return result as T;
  });
}

/** A whole number from `min` to `max` (digits only: no sign, exponent or fraction). */
export function integer<O extends Common<number>>(options: O & { min: number; max: number }) {
  const { min, max } = options;
  const bounds = { error: (issue: { input?: unknown }) => `must be between ${min} and ${max}, got ${String(issue.input)}` };
  const value = z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be an integer, got "${String(issue.input)}"` })
    .transform(Number)
    .pipe(z.number().min(min, bounds).max(max, bounds));
  return setting(value, options, `integer ${min}–${max}`, String);
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** true/1/yes/on or false/0/no/off, in any case. */
export function flag<O extends Common<boolean>>(options: O) {
  const value = z.stringbool({
    truthy: TRUE,
    falsy: FALSE,
    case: 'insensitive',
    error: (issue) => `must be true or false, got "${String(issue.input)}"`,
  });
  return setting(value, options, '`true` / `false`', String);
}

/** One of a fixed list of words, in any case. */
export function oneOf<const V extends string, O extends Common<V>>(values: readonly [V, ...V[]], options: O) {
  const value = z
    .string()
    .transform((raw) => raw.toLowerCase())
    .pipe(z.enum(values, { error: (issue) => `must be one of ${values.join(', ')}, got "${String(issue.input)}"` }));
  return setting(value, options, values.map((v) => `\`${v}\``).join(', '), String);
}

/** An absolute http(s) URL without query, fragment (not even a lone `?` or `#`) or credentials; read without its trailing slashes. */
export function baseUrl<O extends Common<string>>(options: O) {
  const value = checked((raw) => {
    const url = urlOf(raw);
    if (!url) return { problem: `must be an absolute http(s) URL such as https://api.themoviedb.org/3, got "${raw}"` };
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `must use http or https, got "${url.protocol}"` };
    // Read from the text: a lone `?` or `#` parses to an empty query or fragment, yet every path
    // appended after it would land in it (`…/3?/movie/550` calls `…/3`).
    if (/[?#]/.test(raw) || url.username || url.password) return { problem: 'must not carry a query, fragment or credentials' };
    return raw.replace(/\/+$/, '');
  });
  return setting(value, options, 'http(s) URL', String);
}

/** A host name or IP address to listen on: a typo is one clear line, not a stack trace at listen. */
export function listenHost<O extends Common<string>>(options: O) {
  const value = checked((raw) => {
    const labels = raw.split('.');
    const hostname =
      raw.length <= 253 &&
      labels.every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) &&
      !/^\d+$/.test(labels.at(-1) ?? '');
    return isIP(raw) || hostname ? raw : { problem: `must be an IP address or a host name, got "${raw}"` };
  });
  return setting(value, options, 'IP address or host name', String);
}

/** A comma-separated list of origins such as https://app.example.com. */
export function origins<O extends Common<string[]>>(options: O) {
  const value = checked((raw) => {
    const list: string[] = [];
    for (const item of raw.split(',')) {
      const entry = item.trim();
      const url = urlOf(entry);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '')) {
        return { problem: `must be a comma-separated list of origins such as https://app.example.com, got "${entry}"` };
      }
      list.push(url.origin);
    }
    return list;
  });
  return setting(value, options, 'origins, comma-separated', (list) => list.join(','));
}

/**
 * A comma-separated list of IP addresses and CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal` and `uniquelocal`: read as proxy-addr (src/http/request-reading.ts) reads them.
 */
export function addressList<O extends Common<string[]>>(options: O) {
  const value = checked((raw) => {
    const list = raw.split(',').map((item) => item.trim());
    for (const entry of list) {
      try {
        proxyaddr.compile(entry);
      } catch {
        return {
          problem: `must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.0/8 (or loopback, linklocal, uniquelocal), got "${entry}"`,
        };
      }
    }
    return list;
  });
  return setting(value, options, 'IP addresses or CIDR ranges, comma-separated', (list) => list.join(','));
}

/** A redis:// or rediss:// URL; never echoed, since it may carry a password. */
export function redisUrl<O extends Common<string>>(options: O) {
  const value = checked((raw) => {
    const url = urlOf(raw);
    if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
      return { problem: 'must be a redis:// or rediss:// URL such as redis://localhost:6379' };
    }
    return raw;
  });
  return setting(value, options, '`redis://` or `rediss://` URL', String);
}

/** A token: printable ASCII without spaces. Never echoed: it is a secret. */
export function secret<O extends Common<string>>(options: O) {
  const value = checked((raw) => (/^[\x21-\x7e]+$/.test(raw) ? raw : { problem: 'must be printable ASCII without spaces' }));
  return setting(value, options, 'secret (printable ASCII)', () => '…');
}

/** The start of a GraphQL type name: a capital letter, then letters and digits (at most 32 in all). */
export function typeNamePrefix<O extends Common<string>>(options: O) {
  const value = checked((raw) =>
    /^[A-Z][A-Za-z0-9]{0,31}$/.test(raw)
      ? raw
      : { problem: `must be a capital letter followed by letters or digits (at most 32), such as Catalog, got "${raw}"` },
  );
  return setting(value, options, 'a type-name prefix (`Catalog`)', String);
}

/** Any text, e.g. a file path. */
export function text<O extends Common<string>>(options: O) {
  return setting(z.string(), options, 'text', String);
}

/** Settings of one topic: a section of docs/configuration.md, with its title and introduction. */
export interface SettingGroup {
  title: string;
  intro: string;
  settings: Record<string, z.ZodType>;
}
