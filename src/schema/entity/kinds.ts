import type { ObjectRef } from '@pothos/core';
import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { Account, type AccountSource, ownAccount } from '../account/account.ts';
import { Collection, type CollectionSource } from '../collection/collection.ts';
import { Company, type CompanySource } from '../company/company.ts';
import { Network, type NetworkSource } from '../company/network.ts';
import { Keyword, type KeywordSource } from '../keyword/keyword.ts';
import { UserList, type UserListSource } from '../list/user-list.ts';
import { Movie, type MovieSource } from '../movie/ref.ts';
import { Person, type PersonSource } from '../person/person.ts';
import { Review } from '../review/review.ts';
import { Episode, type EpisodeSource, Season, type SeasonSource, TVSeries, type TVSeriesSource } from '../tv/ref.ts';
import type { builder } from '../builder.ts';

type Types = typeof builder.$inferSchemaTypes;

/**
 * The objects another graph can point at by their catalog keys: what each key is, how a key
 * becomes the object (as the `movie(id:)` root makes it: a shell whose fields load through the
 * request's loaders, so that all fields of one object share one merged upstream call), and which
 * load proves the object exists. The batch roots (batch.ts) and the federation subgraph
 * (federation.ts) both read this table, so an object reached either way behaves as anywhere else.
 */
export interface EntityKind<Source, Key> {
  ref: ObjectRef<Types, Source>;
  /** The object of a key, as its type's source. */
  of(key: Key, context: GatewayContext): Source | Promise<Source>;
  /** Resolves when the catalog has the object, fails with its NOT_FOUND when it has not (kit/details.ts waits for it). */
  exists(source: Source, context: GatewayContext): Promise<unknown>;
}

function kind<Source, Key>(entity: EntityKind<Source, Key>): EntityKind<Source, Key> {
  return entity;
}

/** A kind keyed by its catalog id alone, made as the single root makes it: a shell `{ id }`. */
function byId<Source extends { id: number | string }>(
  ref: ObjectRef<Types, Source>,
  exists: (id: number, context: GatewayContext) => Promise<unknown>,
) {
  return kind<Source, number>({
    ref,
    of: (id) => ({ id }) as Source,
    exists: (source, context) => exists(Number(source.id), context),
  });
}

export type SeasonKey = { seriesId: number; seasonNumber: number };
export type EpisodeKey = SeasonKey & { episodeNumber: number };

export const ENTITIES = {
  Movie: byId<MovieSource>(Movie, (id, c) => c.loaders.movie.load({ movieId: id })),
  TVSeries: byId<TVSeriesSource>(TVSeries, (id, c) => c.loaders.tvSeries.load({ seriesId: id })),
  Season: kind<SeasonSource, SeasonKey>({
    ref: Season,
    of: (key) => ({ seriesId: key.seriesId, season_number: key.seasonNumber }),
    exists: (s, c) => c.loaders.season.load({ seriesId: s.seriesId, seasonNumber: s.season_number }),
  }),
  Episode: kind<EpisodeSource, EpisodeKey>({
    ref: Episode,
    of: (key) => ({ seriesId: key.seriesId, season_number: key.seasonNumber, episode_number: key.episodeNumber }),
    exists: (e, c) => c.loaders.episode.load({ seriesId: e.seriesId, seasonNumber: e.season_number, episodeNumber: e.episode_number }),
  }),
  Person: byId<PersonSource>(Person, (id, c) => c.loaders.person.load({ personId: id })),
  Company: byId<CompanySource>(Company, (id, c) => c.loaders.company.load({ companyId: id })),
  Collection: byId<CollectionSource>(Collection, (id, c) => c.loaders.collection.load({ collectionId: id })),
  Network: byId<NetworkSource>(Network, (id, c) => c.loaders.network.load({ networkId: id })),
  Keyword: byId<KeywordSource>(Keyword, (id, c) => c.loaders.keyword.load({ keywordId: id })),
  // Keyed by `listId`: a number, or the 24 hexadecimal characters of a list made before 2018.
  UserList: kind<UserListSource, number | string>({
    ref: UserList,
    of: (id) => ({ id }),
    exists: (list, c) => c.loaders.userList.load({ listId: list.id }),
  }),
  // A review has no sub-resources to merge: it is loaded whole, so a missing one fails at once.
  Review: kind<Up.Review, string>({
    ref: Review,
    of: (id, c) => c.loaders.review.load({ reviewId: id }),
    exists: async () => undefined,
  }),
  // Only the session's own account, as `account(id:)` answers it (ownAccount).
  Account: kind<AccountSource, number>({
    ref: Account,
    of: (id) => ({ id }),
    exists: ownAccount,
  }),
};

export type EntityName = keyof typeof ENTITIES;
