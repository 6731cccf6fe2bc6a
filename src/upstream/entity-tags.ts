/**
 * Which catalog objects an upstream answer carries, as tags such as `movie:550`, `tv:1399` or
 * `person:287`: the kinds the change feeds list (change-feed.ts). A cached answer is indexed by
 * them, so that when the feeds list an object every answer that carried it is dropped: its own
 * detail (with whatever sub-resources rode along by append_to_response), its sub-resources, and
 * the pages and lists it appeared in, as far as an answer's body tells.
 *
 * The URL names the answer's owner (`/movie/550/credits` belongs to movie 550; a season or an
 * episode to its series, whose feed lists their edits). The body names the rest: an object with
 * a numeric `id` whose `media_type` says its kind, or whose fields do (a movie has a `title` and
 * a `release_date` or `original_title`, a series a `first_air_date` or `original_name`, a person
 * a `known_for_department` or `profile_path` and no poster).
 */

export type FeedKind = 'movie' | 'tv' | 'person';
export const FEED_KINDS: readonly FeedKind[] = ['movie', 'tv', 'person'];

/** Tags one answer keeps at most: a page holds 20 results, a cast a few hundred; past this it is indexed by its owner only. */
export const MAX_TAGS = 600;

export interface AnswerTags {
  /** The object the URL names, when it names one: the feeds vouch for it (http-cache.ts). */
  owner?: string;
  /** The owner first, then the objects found in the body; at most MAX_TAGS. */
  tags: string[];
}

export const tagOf = (kind: FeedKind, id: number) => `${kind}:${id}`;

/** `/3/movie/550/credits?...` → `movie:550`; a path that names no single object (`/movie/popular`) → undefined. */
export function ownerOf(url: string): string | undefined {
  const path = new URL(url).pathname.split('/').filter(Boolean);
  for (let i = 0; i + 1 < path.length; i++) {
    const kind = path[i] as FeedKind;
    const id = path[i + 1] ?? '';
    if (FEED_KINDS.includes(kind) && /^\d{1,10}$/.test(id)) return tagOf(kind, Number(id));
  }
  return undefined;
}

function kindOfObject(object: Record<string, unknown>): FeedKind | undefined {
  const media = object.media_type;
  if (media === 'movie' || media === 'tv' || media === 'person') return media;
  if (media !== undefined) return undefined;
  if ('title' in object && ('release_date' in object || 'original_title' in object)) return 'movie';
  if ('first_air_date' in object || ('original_name' in object && 'origin_country' in object)) return 'tv';
  if ('known_for_department' in object || ('profile_path' in object && !('poster_path' in object))) return 'person';
  return undefined;
}

/** The tags of one answer, its URL's owner first. Walks at most a bounded number of nodes. */
export function tagsOf(url: string, body: unknown): AnswerTags {
  const owner = ownerOf(url);
  const tags = new Set<string>(owner ? [owner] : []);
  const stack: unknown[] = [body];
  let budget = 50_000;
  while (stack.length > 0 && budget-- > 0 && tags.size < MAX_TAGS) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (item && typeof item === 'object') stack.push(item);
    } else if (node && typeof node === 'object') {
      const object = node as Record<string, unknown>;
      const kind = typeof object.id === 'number' ? kindOfObject(object) : undefined;
      if (kind) tags.add(tagOf(kind, object.id as number));
      for (const value of Object.values(object)) if (value && typeof value === 'object') stack.push(value);
    }
  }
  return { owner, tags: [...tags] };
}
