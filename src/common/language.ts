/**
 * The language the catalog answers in when a request names none (neither an Accept-Language
 * the HTTP front could read, src/http/request-reading.ts, nor a `language` argument).
 */
export const DEFAULT_LANGUAGE = 'en-US';
