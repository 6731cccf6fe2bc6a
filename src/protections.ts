import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Plugin } from 'graphql-yoga';
import type { Config } from './config.ts';
import { introspectionDepthRule } from './introspection-depth.ts';

/**
 * What stands between a hostile client and the upstream: GraphQL Armor's document limits
 * (depth, aliases, directives, tokens; the cost limit lives in the schema's complexity plugin,
 * which knows list sizes), CSRF prevention, and no introspection or field suggestions in
 * production. Every rejection says which limit and by how much.
 */
export function protections(config: Config): Plugin[] {
  const { limits } = config;
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxDepth: { n: limits.depth, exposeLimits: true, flattenFragments: true },
      maxAliases: { n: limits.aliases, exposeLimits: true },
      maxDirectives: { n: limits.directives, exposeLimits: true },
      maxTokens: { n: limits.tokens, exposeLimits: true },
      costLimit: { enabled: false },
      blockFieldSuggestion: { enabled: !config.introspection },
    }) as Plugin,
    // Browsers send "simple" requests cross-site without a preflight; make them carry a header.
    { onValidate: ({ addValidationRule }) => addValidationRule(introspectionDepthRule()) },
    useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf', 'apollo-require-preflight'] }) as Plugin,
  ];
  if (!config.introspection) plugins.push(useDisableIntrospection() as Plugin);
  return plugins;
}
