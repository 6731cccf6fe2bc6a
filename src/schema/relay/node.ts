import { DEFAULT_LANGUAGE } from '../../common/language.ts';
import { ARGUMENT } from '../../common/messages.ts';
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context.ts';
import { Account } from '../account/account.ts';
import { builder } from '../builder.ts';
import { Collection } from '../collection/collection.ts';
import { Company } from '../company/company.ts';
import { Network } from '../company/network.ts';
import { Keyword } from '../keyword/keyword.ts';
import { ENTITIES, type EntityKind } from '../entity/kinds.ts';
import { existing } from '../kit/details.ts';
import { keysCost } from '../kit/keys-cost.ts';
import { isLanguage, type LanguageOf } from '../kit/language-scope.ts';
import * as valid from '../kit/validate.ts';
import { globalId } from './global-id.ts';
import { UserList } from '../list/user-list.ts';
import { Movie } from '../movie/ref.ts';
import { Person } from '../person/person.ts';
import { Review } from '../review/review.ts';
import { EpisodeGroup } from '../tv/episode-group.ts';
import { Episode, Season, TVSeries } from '../tv/ref.ts';

/**
 * Relay's global object identification, as GitHub's public graph has it: every `Node`'s `id` is
 * its global id, and the catalog's own key is `databaseId`. Relay, Apollo Client and urql
 * graphcache key records by `id` with their defaults, so none needs configuration of ours.
 * A global id is base64url of "Type:key", the key being what the type is loaded by
 * ("Movie:550", "Season:1399:1", "Episode:1399:1:3"). It is opaque to clients.
 *
 * It names the object in the language its fields resolved in: "Type:key" in the catalog's
 * default language (en-US, asked for or not), "Type:key@fr-FR" in any other. A normalised client
 * store keys records by it (Relay, Apollo and urql by default), so the
 * French and the English record of one movie are two records, never one overwritten by the
 * other. `node(id:)` and `nodes(ids:)` answer in the id's language, whatever Accept-Language
 * says: a refetch or a connection's next page continues in the language of its record
 * (docs/frontend-app.md, "Language and identity").
 */

const MAX_NODES = 100;

type Tagged = { __node: string };

/** Each kind: how its key is written, and how a key read back becomes the object (a shell or a load). */
const KINDS = {
  Movie: { ref: Movie, key: (m: { id: number }) => [m.id], from: ([id]: string[]) => ({ id: int(id) }) },
  TVSeries: { ref: TVSeries, key: (s: { id: number }) => [s.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Season: {
    ref: Season,
    key: (s: { seriesId: number; season_number: number }) => [s.seriesId, s.season_number],
    from: ([series, season]: string[]) => ({ seriesId: int(series), season_number: number(season) }),
  },
  Episode: {
    ref: Episode,
    key: (e: { seriesId: number; season_number: number; episode_number: number }) => [e.seriesId, e.season_number, e.episode_number],
    from: ([series, season, episode]: string[]) => ({
      seriesId: int(series),
      season_number: number(season),
      episode_number: number(episode),
    }),
  },
  Person: { ref: Person, key: (p: { id: number }) => [p.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Company: { ref: Company, key: (c: { id: number }) => [c.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Network: { ref: Network, key: (n: { id: number }) => [n.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Collection: { ref: Collection, key: (c: { id: number }) => [c.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Keyword: { ref: Keyword, key: (k: { id: number }) => [k.id], from: ([id]: string[]) => ({ id: int(id) }) },
  UserList: { ref: UserList, key: (l: { id: number }) => [l.id], from: ([id]: string[]) => ({ id: int(id) }) },
  EpisodeGroup: {
    ref: EpisodeGroup,
    key: (g: { id: string }) => [g.id],
    from: ([id]: string[]) => ({ id: valid.token('id', id ?? '', 64) }),
  },
  // Private: `node` answers only the session's own account (ownAccount, account/account.ts, through ENTITIES).
  Account: { ref: Account, key: (a: { id: number }) => [a.id], from: ([id]: string[]) => ({ id: int(id) }) },
  Review: {
    ref: Review,
    key: (r: { id: string }) => [r.id],
    from: ([id]: string[], context: GatewayContext) => context.loaders.review.load({ reviewId: valid.objectId('id', id ?? '') }),
  },
} as const;

type Kind = keyof typeof KINDS;

function int(value: string | undefined): number {
  return valid.id('id', /^\d{1,10}$/.test(value ?? '') ? Number(value) : Number.NaN);
}

function number(value: string | undefined): number {
  return valid.number('id', /^\d{1,6}$/.test(value ?? '') ? Number(value) : Number.NaN);
}

interface Parsed {
  kind: Kind;
  key: string[];
  language: string;
}

/**
 * What a global id names, or undefined when it is none this graph gives out. The default
 * language written out ("@en-US") is refused too: one object in one language has one id.
 */
function parse(nodeId: string): Parsed | undefined {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(nodeId) ? Buffer.from(nodeId, 'base64url').toString('utf8') : '';
  const [named = '', language, ...more] = text.split('@');
  if (more.length > 0 || (language !== undefined && (!isLanguage(language) || language === DEFAULT_LANGUAGE))) return undefined;
  const [kind = '', ...key] = named.split(':');
  if (!Object.hasOwn(KINDS, kind) || key.length === 0) return undefined;
  return { kind: kind as Kind, key, language: language ?? DEFAULT_LANGUAGE };
}

/**
 * The object a global id names, as its type's source, tagged with the type for `Node`; loaded in
 * the id's language, with the context of that language (its existence is asked in it too).
 */
async function objectOf(nodeId: string, context: GatewayContext): Promise<{ object: Tagged; inLanguage: GatewayContext }> {
  const parsed = parse(nodeId);
  if (!parsed) throw valid.badInput('id', ARGUMENT.nodeId);
  const inLanguage = parsed.language === context.language ? context : context.inLanguage(parsed.language);
  const source = await KINDS[parsed.kind].from(parsed.key, inLanguage);
  return { object: Object.assign(source, { __node: parsed.kind }), inLanguage };
}

/** `node` and `nodes` answer each object in its id's language (src/schema/kit/language-scope.ts reads this). */
const languageOfId = (id: unknown) => (typeof id === 'string' ? parse(id)?.language : undefined);
const languageOfNode: LanguageOf = (args) => languageOfId(args.id);
const languageOfNodes: LanguageOf = (args) => (Array.isArray(args.ids) ? args.ids.map(languageOfId) : undefined);

export const Node = builder.interfaceRef<Tagged>('Node').implement({
  description: "An object with a global id, `id`: refetch any of them with `node(id:)`. The catalog's own key is each type's `databaseId`.",
  resolveType: (value) => value.__node,
  fields: (t) => ({
    // Every implementing type answers this field itself, from its own key.
    id: t.id({
      description:
        'Global id of the object in the language of its texts, unique across the graph: the same object in two languages has two.',
      resolve: () => '',
    }),
  }),
});

for (const [kind, { ref, key }] of Object.entries(KINDS) as Array<[Kind, (typeof KINDS)[Kind]]>) {
  const keyOf = key as (source: unknown) => Array<string | number>;
  ref.addInterfaces([Node]);
  builder.objectFields(ref as typeof Movie, (t) => ({
    id: t.id({
      description: `Global id of the ${kind} in the language of its texts, for \`node(id:)\` and client caches: the same ${kind} in another language has another. Opaque: the catalog's key is \`databaseId\`.`,
      // The context asks in the language this object's fields resolve in (language-scope.ts).
      resolve: (source, _args, context) => globalId(kind, keyOf(source), context.language),
    }),
  }));
}

/** How `node` tells that the object of a global id exists, where it is not as for a federation entity (entity/kinds.ts). */
const EXISTS: Partial<Record<Kind, (source: Tagged, context: GatewayContext) => Promise<unknown>>> = {
  // An episode group is no federation entity; a review was loaded whole by objectOf.
  EpisodeGroup: (group, c) => c.loaders.episodeGroup.load({ groupId: (group as Tagged & { id: string }).id }),
};

/** The object of a global id, once the catalog has it: one it lacks is one NOT_FOUND at its place (kit/details.ts). */
async function existingNode(nodeId: string, context: GatewayContext, info: GraphQLResolveInfo, index?: number): Promise<Tagged> {
  const { object: source, inLanguage } = await objectOf(nodeId, context);
  const kind = source.__node as Kind;
  const exists = EXISTS[kind] ?? (ENTITIES[kind as keyof typeof ENTITIES] as EntityKind<unknown, unknown>).exists;
  return existing(source, exists, inLanguage, info, kind, index);
}

builder.queryFields((t) => ({
  node: t.field({
    type: Node,
    nullable: true,
    description:
      "Any object by its global id (its `id`), in the id's language whatever Accept-Language says. Null, with one NOT_FOUND error at this field, when the catalog has no such object.",
    args: { id: t.arg.id({ required: true, description: "A global id, as a `Node`'s `id` reads (not a `databaseId`)." }) },
    extensions: { languageOf: languageOfNode },
    resolve: (_, args, c, info) => existingNode(String(args.id), c, info),
  }),
  nodes: t.field({
    type: [Node],
    nullable: { list: true, items: true },
    description: `Objects by their global ids, in the order asked (at most ${MAX_NODES}), each in its id's language; an unknown or missing one is null with one error at its index. Batched through the same loaders as the rest of the graph.`,
    args: { ids: t.arg.idList({ required: true, description: `Global ids (\`id\`s of \`Node\`s), at most ${MAX_NODES}.` }) },
    extensions: { languageOf: languageOfNodes },
    // Each id is an object of its own, costed like the batch roots': 12 aliases of 100 ids are 1,200.
    complexity: (args) => keysCost('ids', args),
    resolve: (_, args, c, info) => {
      if (args.ids.length > MAX_NODES) throw valid.badInput('ids', `must list at most ${MAX_NODES} ids, got ${args.ids.length}.`);
      return args.ids.map((id, index) => existingNode(String(id), c, info, index));
    },
  }),
}));
