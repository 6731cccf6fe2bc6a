import { UPSTREAM } from '../../common/messages.ts';
import { UpstreamError } from '../../upstream/answer.ts';
import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom } from '../kit/details.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

export type AccountSource = { id: number } & Partial<Up.AccountDetails>;

export const Account = builder.objectRef<AccountSource>('Account');

/**
 * An account's details need the session of that very account, and the catalog's
 * `/account/{id}` answers the session's own account whatever the id: `account(id: 999)` and an
 * `Account` entity of id 999 answered the session's username under id 999. So an account by its
 * id (`account(id:)`, `node(id:)`, `_entities`) is answered only for the session's own: without a
 * session UNAUTHENTICATED; another id NOT_FOUND, as one the catalog lacks would be, so an id never
 * tells whether someone else's account exists (the very error of a missing one, which `_entities`
 * also reads as missing). The session's account is looked up once per session, from the details
 * of the account asked for (the call its fields share).
 */
export async function ownAccount(account: { id: number }, context: GatewayContext): Promise<void> {
  if (account.id !== (await context.sessionAccountId(account.id))) {
    throw new UpstreamError('NOT_FOUND', UPSTREAM.byCode.NOT_FOUND);
  }
}

const fromDetail = carriedFrom((account: AccountSource, context: GatewayContext) =>
  context.loaders.account.load({ accountId: account.id }),
);

export const AccountListOrder = builder.enumType('AccountListOrder', {
  description: "Order of an account's rated, favourite or watchlist entries, by when each entry was made.",
  values: {
    CREATED_AT_ASC: { value: 'created_at.asc', description: 'Oldest entry first (the default).' },
    CREATED_AT_DESC: { value: 'created_at.desc', description: 'Newest entry first.' },
  } as const,
});

export const RatedMovie = builder.objectRef<Up.RatedMovie>('RatedMovie').implement({
  description:
    'A movie an account or guest session rated; the rating is `movie { accountStates { rating } }`, the one field a write (`rateMovie`) updates.',
  fields: (t) => ({
    movie: t.field({ type: Movie, description: 'The rated movie.', resolve: (item) => item }),
  }),
});

Account.implement({
  description: 'A user account of the catalog. Its data is private: every field but `id` needs the session (X-Session-Id) of that account.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the account. `id` is the global id." }),
    username: t.string({
      nullable: true,
      description: 'User name.',
      resolve: fromDetail('username'),
    }),
    name: t.string({
      nullable: true,
      description: 'Display name; may be empty when not set.',
      resolve: fromDetail('name'),
    }),
    languageCode: t.string({
      nullable: true,
      description: 'Preferred ISO 639-1 language.',
      resolve: fromDetail('iso_639_1'),
    }),
    countryCode: t.string({
      nullable: true,
      description: 'ISO 3166-1 country.',
      resolve: fromDetail('iso_3166_1'),
    }),
    includeAdult: t.boolean({
      nullable: true,
      description: 'Whether the account wants adult content in results.',
      resolve: fromDetail('include_adult'),
    }),
    avatarPath: t.string({
      nullable: true,
      description: 'Avatar image path uploaded to the catalog; null when none.',
      resolve: fromDetail('avatar', (value) => value.tmdb.avatar_path ?? null),
    }),
    avatarUrl: imageUrlField(
      t,
      'profile',
      fromDetail('avatar', (value) => value.tmdb.avatar_path ?? null),
      "avatar (the account's picture)",
    ),
    gravatarHash: t.string({
      nullable: true,
      description: 'Gravatar hash of the account e-mail; null when none.',
      resolve: fromDetail('avatar', (value) => value.gravatar.hash ?? null),
    }),
  }),
});

builder.queryFields((t) => ({
  account: t.field({
    type: Account,
    nullable: true,
    description:
      "The session's own account by its id (X-Session-Id): any other id is null with NOT_FOUND, as an account the catalog lacks; UNAUTHENTICATED without a session.",
    args: { id: t.arg.int({ required: true, description: byCatalogId('account') }) },
    resolve: async (_, args, c) => {
      const account = { id: valid.id('id', args.id) };
      await ownAccount(account, c);
      return account;
    },
  }),
  viewer: t.field({
    type: Account,
    nullable: true,
    description:
      'The account of the session in X-Session-Id, with its details (one call: the account details with the session, which name the account by the session alone). UNAUTHENTICATED without a session.',
    resolve: (_, __, c) => c.loaders.viewer.load({}),
  }),
}));
