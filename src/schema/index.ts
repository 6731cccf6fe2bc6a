import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { type GraphQLSchema, specifiedDirectives } from 'graphql';
import { builder, withFixedCosts } from './builder.ts';
import { CACHE_CONTROL_LINK, cacheControlDirective, withCacheHints } from './entity/cache-hints.ts';
import { withContractTags } from './entity/contract-tags.ts';
import { withEntityLimits } from './entity/federation.ts';
import { withoutSubscription } from './entity/no-subscription.ts';
import { printSubgraph, withFreshAst } from './entity/subgraph-sdl.ts';
import { subgraphNames, withSubgraphNames } from './entity/subgraph-names.ts';
import { withPerItemNotes } from './kit/list-costs.ts';
import { withRouteNotes } from './kit/routes.ts';
import { withValueIds } from './relay/value-ids.ts';
import './account/account-states.ts';
import './account/account.ts';
import './account/connections.ts';
import './account/marks.ts';
import './auth/guest-connections.ts';
import './auth/guest-session.ts';
import './auth/login.ts';
import './auth/session.ts';
import './changes/changes.ts';
import './changes/connections.ts';
import './changes/subscription.ts';
import './collection/collection.ts';
import './company/company.ts';
import './company/network.ts';
import './credit/credits.ts';
import './discover/connections.ts';
import './discover/discover.ts';
import './entity/batch.ts';
import './find/find.ts';
import './keyword/keyword.ts';
import './kit/alternative-title.ts';
import './kit/change-record.ts';
import './kit/dates.ts';
import './kit/external-ids.ts';
import './kit/image.ts';
import './kit/page.ts';
import './kit/translation.ts';
import './kit/video.ts';
import './list/connections.ts';
import './list/owner.ts';
import './list/user-list.ts';
import './list/writes.ts';
import './movie/connections.ts';
import './movie/lists.ts';
import './movie/movie.ts';
import './movie/rating.ts';
import './movie/ref.ts';
import './movie/sub-resources.ts';
import './person/connections.ts';
import './person/filmography.ts';
import './person/person.ts';
import './reference/certifications.ts';
import './reference/configuration.ts';
import './reference/genre.ts';
import './reference/watch-offers.ts';
import './reference/watch-providers.ts';
import './relay/node.ts';
import './review/review.ts';
import './search/connections.ts';
import './search/media-result.ts';
import './search/search.ts';
import './trending/trending.ts';
import './tv/connections.ts';
import './tv/episode-group.ts';
import './tv/episode-sub-resources.ts';
import './tv/episode.ts';
import './tv/rating.ts';
import './tv/ref.ts';
import './tv/season-sub-resources.ts';
import './tv/season.ts';
import './tv/series-lists.ts';
import './tv/series-sub-resources.ts';
import './tv/series.ts';

/**
 * @defer and @stream are served (Yoga's defer-stream plugin), so they are part of the contract:
 * declared here, they print into schema/schema.graphql, where codegen, linters and
 * graphql-inspector read them. They are the plugin's own definitions, so it adds nothing more.
 */
// The per-item note last: it ends the description, where tools and tests look for it.
export const schema = withPerItemNotes(
  withRouteNotes(
    withValueIds(
      withFixedCosts(
        builder.toSchema({
          sortSchema: true,
          directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective],
        }),
      ),
    ),
  ),
);

const subgraphs = new Map<string, { schema: GraphQLSchema; sdl: string }>();

/**
 * The same graph as an Apollo Federation v2 subgraph: `_service`, `_entities` and `@key` on the
 * entities (entity/federation.ts), under the names it gives a larger graph (entity/subgraph-names.ts:
 * `SUBGRAPH_PREFIX`, `@shareable` value types, no Relay `Node`), with the `@tag`s contracts filter on
 * (entity/contract-tags.ts) and the `@cacheControl` hints routers' caches read (entity/cache-hints.ts), without the
 * plain graph's subscription (entity/no-subscription.ts). Served at its own endpoint so the
 * plain schema stays free of federation's fields. Built once per prefix, on first use; the gateway
 * builds it before it says it is ready.
 */
function subgraphFor(prefix: string) {
  const built = subgraphs.get(prefix);
  if (built) return built;
  const names = subgraphNames(prefix);
  const base = withPerItemNotes(
    withRouteNotes(
      withoutSubscription(
        withValueIds(
          withFixedCosts(
            builder.toSubGraphSchema({
              sortSchema: true,
              linkUrl: 'https://specs.apollo.dev/federation/v2.6',
              federationDirectives: ['@key', '@shareable', '@tag', '@inaccessible'],
              directives: [...specifiedDirectives, cacheControlDirective],
              composeDirectives: ['@cacheControl'],
              extensions: { directives: [{ name: 'link', args: CACHE_CONTROL_LINK }] },
            }),
          ),
        ),
      ),
    ),
  );
  const schema = withEntityLimits(withFreshAst(withSubgraphNames(withCacheHints(withContractTags(base)), names)), names);
  const sdl = printSubgraph(schema);
  // The SDL as this schema prints, where Pothos's `_service` answered the builder's own.
  const service = schema.getQueryType()?.getFields()._service;
  if (service) service.resolve = () => ({ sdl });
  subgraphs.set(prefix, { schema, sdl });
  return { schema, sdl };
}

export function subgraphSchema(prefix = ''): GraphQLSchema {
  return subgraphFor(prefix).schema;
}

/** What `_service { sdl }` answers: the SDL composers read, and `schema/subgraph.graphql` without a prefix. */
export function subgraphSdl(prefix = ''): string {
  return subgraphFor(prefix).sdl;
}
