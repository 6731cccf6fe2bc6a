import { meros } from 'meros/browser';
import {
  type FetchFunction,
  type GraphQLResponse,
  type GraphQLSingularResponse,
  Network,
  Observable,
  type PayloadError,
} from 'relay-runtime';

/**
 * A Relay network for the gateway that reads `@defer` and `@stream`. The gateway answers an
 * incremental query as multipart/mixed parts in the GraphQL incremental delivery format: a first
 * part with `data`, then parts `{ incremental: [{ data | items, path, label }], hasNext }`, and a
 * last `{ hasNext: false }`. relay-runtime 21 reads each deferred fragment as its own payload,
 * `{ data, label, path }`, and a payload without `data` fails the query with "No data returned
 * for operation". meros (a small, well-kept multipart reader) splits the parts; `relayPayloads`
 * turns each into what relay-runtime expects.
 */
export function createRelayNetwork(url: string, headers: Record<string, string> = {}): ReturnType<typeof Network.create> {
  const fetchFn: FetchFunction = (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const controller = new AbortController();
      const read = async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'multipart/mixed, application/graphql-response+json, application/json',
            ...headers,
          },
          body: JSON.stringify({ query: params.text, operationName: params.name, variables }),
          signal: controller.signal,
        });
        const parts = await meros<IncrementalPart>(response);
        if (parts instanceof Response) {
          sink.next(await parts.json());
        } else {
          for await (const part of parts) {
            if (!part.json) throw new Error('the gateway sent a part that is not JSON');
            const payloads = relayPayloads(part.body);
            if (payloads.length > 0) sink.next(payloads);
          }
        }
        sink.complete();
      };
      read().catch((error) => {
        if (!controller.signal.aborted) sink.error(error);
      });
      // Relay unsubscribes when the query is no longer needed: stop reading the answer.
      return () => controller.abort();
    });
  return Network.create(fetchFn);
}

type Path = ReadonlyArray<string | number>;
interface IncrementalResult {
  data?: Record<string, unknown> | null;
  items?: unknown[];
  path: Path;
  label?: string;
  errors?: PayloadError[];
  extensions?: Record<string, unknown>;
}
/** One part of a multipart answer: the first (`data`), a later one (`incremental`), or the end. */
export interface IncrementalPart {
  data?: Record<string, unknown> | null;
  errors?: PayloadError[];
  extensions?: Record<string, unknown>;
  incremental?: IncrementalResult[];
  hasNext?: boolean;
}

/**
 * A part, as the payloads relay-runtime reads: the first part as it is; each deferred fragment
 * as `{ data, label, path }`; each streamed item as `{ data: item, label, path: [...path, index] }`;
 * nothing for a part that only says the answer is over.
 */
export function relayPayloads(part: IncrementalPart): GraphQLSingularResponse[] {
  const hasNext = part.hasNext ?? false;
  const payloads: GraphQLSingularResponse[] = [];
  if (part.data !== undefined || (part.errors && !part.incremental)) {
    payloads.push(defined({ data: part.data ?? null, errors: part.errors, extensions: part.extensions, hasNext }));
  }
  for (const result of part.incremental ?? []) {
    const { label = '', path, errors, extensions } = result;
    if (result.items) {
      const start = Number(path[path.length - 1]);
      result.items.forEach((item, i) => {
        payloads.push(defined({ data: item, label, path: [...path.slice(0, -1), start + i], errors, extensions, hasNext }));
      });
    } else {
      payloads.push(defined({ data: result.data ?? null, label, path: [...path], errors, extensions, hasNext }));
    }
  }
  return payloads;
}

/** The payload without its absent keys, as a server would have sent it. */
const defined = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined)) as unknown as GraphQLSingularResponse;
