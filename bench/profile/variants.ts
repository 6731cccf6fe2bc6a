/**
 * Named ways to start the profiled gateway (gateway-entry.ts): each is a set of environment
 * settings. The scripts take variant names as arguments and measure them alternately in one run.
 */
export const VARIANTS: Record<string, Record<string, string>> = {
  /** src/gateway.ts createGateway, as production builds it. */
  gateway: {},
  /** createGateway through the parts switches with every part kept: must measure like `gateway`. */
  custom: { PROFILE_BUILD: 'custom' },
  /** Yoga's own node adapter in place of the HTTP front (src/http/listener.ts). */
  'plain-front': { PROFILE_BUILD: 'custom', PROFILE_FRONT: 'plain' },
  /** No plugin of ours and no masked errors: Yoga, the schema and the upstream client only. */
  'no-plugins': { PROFILE_BUILD: 'custom', PROFILE_PLUGINS: 'none', PROFILE_MASKED: 'off' },
  /** Both of the above: the floor of this schema on Yoga. */
  'yoga-floor': { PROFILE_BUILD: 'custom', PROFILE_PLUGINS: 'none', PROFILE_MASKED: 'off', PROFILE_FRONT: 'plain' },
  /** Every part but GraphQL Armor (its five rules). */
  'no-armor': { PROFILE_BUILD: 'custom', PROFILE_WITHOUT: 'armor-depth,armor-aliases,armor-directives,armor-tokens,armor-suggestions' },
  /** Every part but the request log line (pino per operation). */
  'no-log': { PROFILE_BUILD: 'custom', PROFILE_WITHOUT: 'request-log' },
  /** Every part but the metrics hooks (operation duration, error codes, upstream calls). */
  'no-metrics': { PROFILE_BUILD: 'custom', PROFILE_WITHOUT: 'metrics' },
  /** Every part but @defer/@stream (Yoga's plugin and the resolvers' phase wrapper). */
  'no-defer': { PROFILE_BUILD: 'custom', PROFILE_WITHOUT: 'defer-stream' },
  /** Every part but MAX_RESPONSE_BYTES's count (the resolvers' wrapper) and the streaming of large answers. */
  'no-answer-size': { PROFILE_BUILD: 'custom', PROFILE_WITHOUT: 'answer-size,streamed-answers' },
  /** Every part, masked errors off. */
  'no-mask': { PROFILE_BUILD: 'custom', PROFILE_MASKED: 'off' },
  /** Every part, plus Yoga's own body bound behind the front's (the gateway before finding 1 of docs/performance.md). */
  'yoga-body-limit': { PROFILE_BUILD: 'custom', PROFILE_YOGA_BODY_LIMIT: 'on' },
  /** pino silenced (the log plugin still runs, writes nothing). */
  silent: { LOG_LEVEL: 'silent' },
};

export function variantEnv(name: string): Record<string, string> {
  const env = VARIANTS[name];
  if (!env) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
  return env;
}
