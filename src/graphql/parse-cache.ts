import type { DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';

/**
 * PARSE_CACHE_MAX_BYTES: the parsed documents and parse errors Yoga keeps by their text, in one
 * cache bounded in bytes. Yoga's own keeps 1,024 of each, counted by number: 1,100 distinct
 * documents of 95 KB and 200 that did not parse ran `npm start`'s heap of 192 MB out.
 *
 * What an entry holds, measured with graphql-js 16: its text (counted at two bytes a character,
 * a text outside Latin-1 takes that), and for a document every token of it, which the parser's
 * locations keep linked (235 to 443 bytes each: a 3,000-character document nested 1,000 deep
 * holds 1 MB); a parse error holds the text and a few small objects.
 */
const PER_TOKEN = 400;
const PER_ENTRY = 1_024;

type Parsed = DocumentNode | Error;

/** What an entry is counted at: its text, its tokens and a fixed part. */
export function parsedBytes(text: string, parsed: Parsed): number {
  let tokens = 0;
  if (!(parsed instanceof Error)) for (let token = parsed.loc?.startToken ?? null; token; token = token.next) tokens++;
  return 2 * text.length + PER_TOKEN * tokens + PER_ENTRY;
}

/**
 * Yoga's `parserAndValidationCache` option over one LRU in bytes, shared by the graph and the
 * subgraph (the same text parses the same for both), and a plugin that drops a document that
 * fails validation: Yoga would keep its validation errors beside it (about 3 KB each, up to 100),
 * which no size given at parse time can count. A document that passes keeps an empty result.
 * One entry may take at most a quarter of the bound, so a few dense documents cannot flush all.
 */
export function createParseCache(maxBytes: number) {
  const entries = new LRUCache<string, Parsed>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (parsed, text) => parsedBytes(text, parsed),
  });
  const textOf = new WeakMap<DocumentNode, string>();
  const options = {
    documentCache: {
      get: (text: string) => {
        const parsed = entries.get(text);
        return parsed instanceof Error ? undefined : parsed;
      },
      set: (text: string, document: DocumentNode) => {
        textOf.set(document, text);
        entries.set(text, document);
      },
    },
    errorCache: {
      get: (text: string) => {
        const parsed = entries.get(text);
        return parsed instanceof Error ? parsed : undefined;
      },
      set: (text: string, error: unknown) => {
        if (error instanceof Error) entries.set(text, error);
      },
    },
    // Per document (a WeakMap of Yoga's), so it lives as long as the document stays above.
    validationCache: true,
  };
  const dropInvalid: Plugin = {
    onValidate:
      ({ params }) =>
      ({ result }) => {
        if (result.length === 0) return;
        const text = textOf.get(params.documentAST);
        if (text !== undefined && entries.peek(text) === params.documentAST) entries.delete(text);
      },
  };
  return { options, dropInvalid, size: () => entries.calculatedSize };
}

export type ParseCache = ReturnType<typeof createParseCache>;
