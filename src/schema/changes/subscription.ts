import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../../common/error-codes.ts';
import { SUBSCRIPTION } from '../../common/messages.ts';
import type { ChangeNotice, Subscribed } from '../../upstream/change-events.ts';
import type { FeedKind } from '../../upstream/entity-tags.ts';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { globalId } from '../relay/global-id.ts';

/**
 * `subscription { changes }`: each edit the change feeds' poller sees (src/upstream/change-poller.ts),
 * as it sees it, with what a client needs to refetch the object: its global id first. Served over
 * GraphQL over SSE (Yoga's own transport); the notices come from the resolvers' context, so this
 * layer knows nothing of how they are read or sent. Not on `/subgraph` (schema/index.ts).
 */

const ChangeKind = builder.enumType('ChangeKind', {
  description: 'What kind of catalog object changed: the kinds the change feeds list.',
  values: {
    MOVIE: { value: 'movie', description: 'A movie.' },
    TV: { value: 'tv', description: 'A TV series, or one of its seasons or episodes (the feeds list those under the series).' },
    PERSON: { value: 'person', description: 'A person.' },
  } as const,
});

/** The Relay type each kind's global id names (relay/node.ts). */
const NODE_TYPE: Record<FeedKind, string> = { movie: 'Movie', tv: 'TVSeries', person: 'Person' };

const CatalogChange = builder.objectRef<ChangeNotice>('CatalogChange').implement({
  description:
    'A movie, series or person the catalog edited: refetch what you show of it (`node(id: objectId)`), or drop it from your cache.',
  fields: (t) => ({
    kind: t.field({ type: ChangeKind, description: 'What kind of object changed.', resolve: (change) => change.kind }),
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the object (the `databaseId` of the Movie, TVSeries or Person).",
    }),
    // Not `id`: a client store keys records by that field, and would file this notice as the
    // changed object's own record under another type (Relay warns of conflicting types).
    objectId: t.id({
      description:
        "Global id of the object, as its `id` in the subscription's language (Accept-Language) reads: the key of its record in a normalised client cache, and `node(id:)`'s argument.",
      resolve: (change, _args, context) => globalId(NODE_TYPE[change.kind], [change.id], context.language),
    }),
    keys: t.stringList({
      nullable: true,
      description:
        "What the edit changed, as the catalog's change keys (`title`, `images`, `overview`…), when the gateway read the object's own log; null when it did not (then assume anything).",
      resolve: (change) => (change.keys ? [...change.keys] : null),
    }),
    changedAt: t.field({
      type: 'DateTime',
      description:
        "When it changed: the edit's own time when the gateway read the object's log, else when the gateway's read of the feeds listed it (the edit came before).",
      resolve: (change) => new Date(change.at).toISOString(),
    }),
  }),
});

function refusal(subscribed: Exclude<Subscribed, { notices: unknown }>): GraphQLError {
  const max = subscribed.max ?? 0;
  if (subscribed.refused === 'off')
    return new GraphQLError(SUBSCRIPTION.off, { extensions: { code: 'SUBSCRIPTIONS_OFF' satisfies ErrorCode } });
  const limit = subscribed.refused === 'total' ? 'subscriptions' : 'subscriptionsPerClient';
  const message = subscribed.refused === 'total' ? SUBSCRIPTION.total(max) : SUBSCRIPTION.client(max);
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' satisfies ErrorCode, limit, max } });
}

/**
 * The notices, each an answer of its own: MAX_RESPONSE_BYTES counts one event, not everything the
 * stream has sent since it opened (the context, and its count, last as long as the stream).
 */
function eachAnswerOfItsOwn(notices: AsyncIterableIterator<ChangeNotice>, context: GatewayContext): AsyncIterableIterator<ChangeNotice> {
  const events: AsyncIterableIterator<ChangeNotice> = {
    next: async () => {
      const next = await notices.next();
      context.answerSize.chars = 0;
      return next;
    },
    return: () => notices.return?.() ?? Promise.resolve({ done: true, value: undefined }),
    [Symbol.asyncIterator]: () => events,
  };
  return events;
}

builder.subscriptionType({
  description: 'Streams over GraphQL over SSE (`Accept: text/event-stream`): see docs/operations.md, "Following the changes".',
});

builder.subscriptionFields((t) => ({
  changes: t.field({
    type: CatalogChange,
    description:
      'Each edit of a movie, series or person the change feeds list from now on, within about one poll interval (`CHANGES_POLL_MS`). A stream that completes (the gateway drains, or the client read too slowly to keep up) should be opened again, and what it shows refetched.',
    args: {
      kinds: t.arg({
        type: [ChangeKind],
        required: false,
        description: 'The kinds to hear of; every kind when absent or empty.',
      }),
    },
    subscribe: (_root, args, context) => {
      const subscribed = context.followChanges(args.kinds ?? undefined);
      if ('refused' in subscribed) throw refusal(subscribed);
      return eachAnswerOfItsOwn(subscribed.notices, context);
    },
    resolve: (change) => change,
  }),
}));
