/**
 * User lists as GET /list/{id} serves them: the generated public lists (their items are the
 * memberships of data/lists.ts, so /movie/{id}/lists and /list/{id} agree) plus the account's own
 * lists, which the account can create, fill, clear and delete. One store per running catalog.
 */
import { pick, Random } from './random.ts';
import type { AccountDetails, MovieDetails, MovieListSummary, TvListSummary } from './types.ts';
import { FIRST_NAMES } from './words.ts';

export interface ListItemRef {
  media_type: 'movie' | 'tv';
  id: number;
}

export interface UserListRecord {
  id: number;
  name: string;
  description: string;
  iso_639_1: string;
  /** Only TV lists carry a country (as in the real list summaries). */
  iso_3166_1?: string;
  list_type: 'movie' | 'tv';
  /** Username of the author. */
  created_by: string;
  /** The account that may edit it; undefined for other users' lists. */
  owner: number | undefined;
  favorite_count: number;
  poster_path: string | null;
  /** In the order they were added. */
  items: ListItemRef[];
}

export const ACCOUNT_LIST_COUNT = 4;

export class UserListStore {
  private readonly lists = new Map<number, UserListRecord>();
  private nextId: number;

  constructor(records: UserListRecord[]) {
    for (const record of records) this.lists.set(record.id, record);
    this.nextId = Math.max(0, ...records.map((record) => record.id)) + 1;
  }

  get(id: number): UserListRecord | undefined {
    return this.lists.get(id);
  }

  /** The account's lists, newest first. */
  ownedBy(accountId: number): UserListRecord[] {
    return [...this.lists.values()].filter((list) => list.owner === accountId).sort((a, b) => b.id - a.id);
  }

  create(owner: AccountDetails, fields: { name: string; description: string; iso_639_1: string }): UserListRecord {
    const record: UserListRecord = {
      id: this.nextId++,
      ...fields,
      list_type: 'movie',
      created_by: owner.username,
      owner: owner.id,
      favorite_count: 0,
      poster_path: null,
      items: [],
    };
    this.lists.set(record.id, record);
    return record;
  }

  delete(id: number): boolean {
    return this.lists.delete(id);
  }
}

/** Members of each list, from the per-work memberships. */
function itemsByList(memberships: Map<number, number[]>, mediaType: 'movie' | 'tv'): Map<number, ListItemRef[]> {
  const byList = new Map<number, ListItemRef[]>();
  for (const [workId, listIds] of memberships) {
    for (const listId of listIds) {
      const items = byList.get(listId);
      if (items) items.push({ media_type: mediaType, id: workId });
      else byList.set(listId, [{ media_type: mediaType, id: workId }]);
    }
  }
  return byList;
}

export function generateUserLists(
  data: {
    movieLists: MovieListSummary[];
    tvLists: TvListSummary[];
    listsOfMovie: Map<number, number[]>;
    listsOfSeries: Map<number, number[]>;
    account: AccountDetails;
  },
  movies: MovieDetails[],
): UserListStore {
  const rng = new Random('user-lists');
  const author = () => `${rng.pick(FIRST_NAMES).toLowerCase()}${rng.chance(0.5) ? rng.int(1, 9999) : ''}`;
  const movieItems = itemsByList(data.listsOfMovie, 'movie');
  const tvItems = itemsByList(data.listsOfSeries, 'tv');
  const records: UserListRecord[] = [
    ...data.movieLists.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      iso_639_1: list.iso_639_1,
      list_type: 'movie' as const,
      created_by: author(),
      owner: undefined,
      favorite_count: list.favorite_count,
      poster_path: list.poster_path,
      items: movieItems.get(list.id) ?? [],
    })),
    ...data.tvLists.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      iso_639_1: list.iso_639_1,
      iso_3166_1: list.iso_3166_1,
      list_type: 'tv' as const,
      created_by: author(),
      owner: undefined,
      favorite_count: list.favorite_count,
      poster_path: list.poster_path,
      items: tvItems.get(list.id) ?? [],
    })),
  ];
  // The account's own lists sit after every public list id.
  const firstId = Math.max(...records.map((record) => record.id)) + 1;
  const ownIds = rng.sparseIds(ACCOUNT_LIST_COUNT, firstId, 500);
  const names = ['Robin’s favourites', 'Rainy Sunday', 'To show the kids', 'Festival notes'];
  ownIds.forEach((id, index) => {
    const picked = rng.pickSome(movies, rng.int(3, 45));
    records.push({
      id,
      name: pick(names, index % names.length),
      description: index === 0 ? 'The ones I keep coming back to.' : '',
      iso_639_1: data.account.iso_639_1,
      list_type: 'movie',
      created_by: data.account.username,
      owner: data.account.id,
      favorite_count: rng.int(0, 3),
      poster_path: null,
      items: picked.map((movie) => ({ media_type: 'movie', id: movie.id })),
    });
  });
  return new UserListStore(records);
}
