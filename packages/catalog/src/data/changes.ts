/**
 * Movie change history over the 30 days before the catalog's today.
 * Value shapes per key follow CONTRACT.md (movie changes): images → {poster|backdrop: {file_path}},
 * plot_keywords → {name, id}, videos → {id, key, name, site, size, type}; title is a plain
 * string with original_value, as the real service sends scalar fields.
 */
import { DAY_MS, dayToMs, utcTimestamp } from './dates.ts';
import { Random } from './random.ts';
import type { ChangeItem, MovieChange, MovieDetails } from './types.ts';
import { ADJECTIVES, KEYWORDS, NOUNS } from './words.ts';

export const CHANGE_HISTORY_DAYS = 30;

function change(rng: Random, movie: MovieDetails, ms: number): MovieChange {
  // Fields in the real order: id, action, time, iso_639_1, iso_3166_1, value.
  const item = (action: string, value: unknown, localized = false): ChangeItem => ({
    id: rng.objectId(ms),
    action,
    time: utcTimestamp(ms),
    iso_639_1: localized ? 'en' : '',
    iso_3166_1: localized ? 'US' : '',
    value,
  });
  const roll = rng.float();
  if (roll < 0.45) {
    const kind = rng.chance(0.6) ? 'poster' : 'backdrop';
    return { key: 'images', item: item('added', { [kind]: { file_path: rng.imagePath() } }) };
  }
  if (roll < 0.7) {
    const keyword = rng.int(0, KEYWORDS.length - 1);
    return { key: 'plot_keywords', item: item('added', { name: KEYWORDS[keyword], id: 1000 + keyword * 379 }) };
  }
  if (roll < 0.9) {
    const video = {
      id: rng.objectId(ms),
      key: rng.alphanumeric(11),
      name: rng.pick(['Official Trailer', 'Teaser', 'Final Trailer', 'Clip', 'Behind the Scenes']),
      site: 'YouTube',
      size: rng.pick([720, 1080, 2160]),
      type: rng.pick(['Trailer', 'Teaser', 'Clip', 'Featurette']),
    };
    return { key: 'videos', item: item('added', video, true) };
  }
  const original = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  return { key: 'title', item: { ...item('updated', movie.title, true), original_value: original } };
}

/** Keyed by movie id, each list in time order. About one movie in ten changed in the last day. */
export function generateMovieChanges(movies: MovieDetails[], today: string): Map<number, MovieChange[]> {
  const rng = new Random('movie-changes');
  const end = dayToMs(today);
  const byMovie = new Map<number, MovieChange[]>();
  for (const movie of movies) {
    const times: number[] = [];
    if (rng.chance(0.45)) {
      for (let i = rng.int(1, 10); i > 0; i--) times.push(end - rng.int(1, (CHANGE_HISTORY_DAYS * DAY_MS) / 1000) * 1000);
    }
    if (rng.chance(0.12)) times.push(end - rng.int(1, DAY_MS / 1000) * 1000);
    times.sort((a, b) => a - b);
    byMovie.set(
      movie.id,
      times.map((ms) => change(rng, movie, ms)),
    );
  }
  return byMovie;
}
