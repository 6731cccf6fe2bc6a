/**
 * The parts of the gateway that can be left out, one name each, so that a profiler measures
 * what each costs by building the gateway itself without it (bench/profile/gateway-entry.ts)
 * rather than a copy of it. Production leaves nothing out.
 */
export const GATEWAY_PARTS = [
  'persisted',
  // Yoga's @defer/@stream plugin.
  'defer-stream',
  'cost-report',
  // MAX_RESPONSE_BYTES: the stop past it (every field counts itself: src/schema/kit/field-concerns.ts).
  'answer-size',
  // Answers past 1 MiB serialised piece by piece as the client reads.
  'streamed-answers',
  'armor-depth',
  'armor-aliases',
  'armor-directives',
  'armor-tokens',
  'armor-suggestions',
  'introspection-depth',
  // MAX_COST shared by the operations of a batched request (cost-report.ts).
  'batch-cost',
  'writes',
  'no-introspection',
  'client-errors',
  'request-log',
  'answer-outcome',
  'metrics',
] as const;

export type GatewayPart = (typeof GATEWAY_PARTS)[number];

/** Whether a part is kept. */
export type KeepsPart = (part: GatewayPart) => boolean;

export const KEEP_ALL: KeepsPart = () => true;

/** Keeps every part but those named; an unknown name is refused, so a typo cannot measure nothing. */
export function keepingAllBut(without: Iterable<string>): KeepsPart {
  const left = new Set<string>();
  for (const name of without) {
    if (!(GATEWAY_PARTS as ReadonlyArray<string>).includes(name))
      throw new Error(`unknown gateway part ${name}; known: ${GATEWAY_PARTS.join(', ')}`);
    left.add(name);
  }
  return (part) => !left.has(part);
}
