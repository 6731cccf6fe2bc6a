import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Config } from '../runtime/config.ts';
import type { ServerContext } from '../common/request-state.ts';
import type { Metrics } from '../runtime/metrics.ts';
import type { Tracing } from '../runtime/tracing.ts';
import { useAnswerOutcome, useAnswerSize, useStreamedAnswers, useUnsentStreamsEnded } from './answer-size.ts';
import { useCostReport } from './cost-report.ts';
import { useClientErrors } from './errors.ts';
import type { KeepsPart } from './gateway-parts.ts';
import { useMissingEntities } from './missing-entities.ts';
import { useObservedOperation } from './observed-operation.ts';
import { operationSpans } from './operation-spans.ts';
import { protections, useDeclaredVariablesOnly, useNoServiceSdl } from './protections.ts';

/*
 * Every Yoga plugin of the gateway, in the order Yoga runs them: read here, in one list, rather
 * than gathered from the files that define them. The GraphQL endpoint and the federation
 * subgraph share the same plugins after their own.
 */

/** A plugin of ours: it may read the request's state that the HTTP front hands Yoga. */
export type GatewayPlugin = Plugin | Plugin<Record<string, unknown>, ServerContext>;

export interface PluginSettings {
  config: Config;
  /** Which parts are built (gateway-parts.ts). */
  keeps: KeepsPart;
  logger: Logger;
  metrics: Metrics;
  tracing?: Tracing;
  /** Plugins around ours, `first` before every one of ours and `last` after (the profiler's phase marks). */
  instrument?: { first?: Plugin[]; last?: Plugin[] };
}

export interface GatewayPlugins {
  /** The GraphQL endpoint's: persisted operations (APQ and trusted documents), @defer/@stream, the cost report, then the shared ones. */
  endpoint(persisted: Plugin[]): GatewayPlugin[];
  /** The subgraph's: missing entities answered once each, its `_service` SDL hidden when asked, then the shared ones. */
  subgraph(hideServiceSdl: boolean): GatewayPlugin[];
}

export function gatewayPlugins({ config, keeps, logger, metrics, tracing, instrument }: PluginSettings): GatewayPlugins {
  // Made once, shared by both endpoints.
  const observed =
    (keeps('request-log') || keeps('metrics')) &&
    useObservedOperation({ logger: keeps('request-log') ? logger : undefined, metrics: keeps('metrics') ? metrics : undefined });
  const spans = tracing && operationSpans(tracing.tracer);
  const around = (extra: Plugin[]): GatewayPlugin[] => [
    ...(instrument?.first ?? []),
    // Before anything reads the variables (the cost report, the batch's cost).
    useDeclaredVariablesOnly,
    ...extra,
    ...protections(config, keeps),
    ...(keeps('answer-size') ? [useAnswerSize] : []),
    // Suggestions ("Did you mean …?") only where the schema is public anyway.
    ...(keeps('client-errors') ? [useClientErrors({ suggestions: config.introspection })] : []),
    ...(observed ? [observed] : []),
    ...(keeps('answer-outcome') ? [useAnswerOutcome] : []),
    ...(keeps('streamed-answers') ? [useStreamedAnswers] : []),
    ...(spans ? [spans] : []),
    // After every hook that may choose how a result is written.
    useUnsentStreamsEnded,
    ...(instrument?.last ?? []),
  ];
  return {
    endpoint: (persisted) =>
      around([
        ...(keeps('persisted') ? persisted : []),
        ...(keeps('defer-stream') ? [useDeferStream() as Plugin] : []),
        ...(keeps('cost-report') ? [useCostReport] : []),
      ]),
    subgraph: (hideServiceSdl) => around([useMissingEntities, ...(hideServiceSdl ? [useNoServiceSdl] : [])]),
  };
}
