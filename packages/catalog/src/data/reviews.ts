/** Reviews of movies and of some TV series, by a pool of recurring authors. */
import { DAY_MS, addDays, dayToMs, isoTimestamp } from './dates.ts';
import { UPCOMING_WINDOW_DAYS } from './movies.ts';
import { Random } from './random.ts';
import type { TvSeriesDetails } from './tv-types.ts';
import type { MovieDetails, Review, ReviewAuthorDetails } from './types.ts';
import { FIRST_NAMES, LAST_NAMES, REVIEW_CLOSERS, REVIEW_MIDDLES, REVIEW_OPENERS } from './words.ts';

/** Nobody reviewed anything on the site before it existed. */
const FIRST_REVIEW_MS = dayToMs('2008-06-01');

function authors(rng: Random): ReviewAuthorDetails[] {
  return Array.from({ length: 60 }, () => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const username = rng.pick([`${first}${last}`, `${first.toLowerCase()}_${rng.int(1, 99)}`, `${last.toLowerCase()}fan`]);
    const avatar = rng.float();
    return {
      name: rng.chance(0.4) ? '' : `${first} ${last}`,
      username,
      // The real service really sends some gravatar URLs behind a leading slash.
      avatar_path: avatar < 0.3 ? `/https://secure.gravatar.com/avatar/${rng.hex(32)}.jpg` : avatar < 0.8 ? rng.imagePath() : null,
      rating: null,
    };
  });
}

function reviewCount(rng: Random, kind: 'movie' | 'tv'): number {
  if (kind === 'tv') return rng.chance(0.4) ? rng.int(1, 6) : 0;
  const roll = rng.float();
  if (roll < 0.45) return 0;
  if (roll < 0.95) return rng.int(1, 8);
  return rng.int(21, 45);
}

/** Reviews of one work, oldest first (the order the real list endpoints use). */
function reviewsOf(
  rng: Random,
  pool: ReviewAuthorDetails[],
  kind: 'movie' | 'tv',
  id: number,
  title: string,
  released: string,
  endMs: number,
): Review[] {
  // Not yet released (festival screenings, press previews): reviews from the last 90 days.
  const releasedMs = released ? dayToMs(released) : Infinity;
  const startMs = Math.max(releasedMs <= endMs ? releasedMs : endMs - 90 * DAY_MS, FIRST_REVIEW_MS);
  const times = Array.from({ length: reviewCount(rng, kind) }, () => startMs + rng.float() * Math.max(0, endMs - startMs)).sort(
    (a, b) => a - b,
  );
  return times.map((createdMs) => {
    const reviewId = rng.objectId(createdMs);
    const author = rng.pick(pool);
    const updatedMs = rng.chance(0.7) ? createdMs + rng.int(0, 500) : createdMs + rng.float() * (endMs - createdMs);
    return {
      id: reviewId,
      author: author.name || author.username,
      author_details: { ...author, rating: rng.chance(0.25) ? null : rng.int(1, 10) },
      content: `${rng.pick(REVIEW_OPENERS)} ${title} ${rng.pick(['is', 'feels', 'plays'])} ${rng.pick(['ambitious', 'uneven', 'charming', 'relentless', 'beautiful'])}.\r\n\r\n${rng.pick(REVIEW_MIDDLES)}\r\n\r\n${rng.pick(REVIEW_CLOSERS)}`,
      created_at: isoTimestamp(Math.floor(createdMs)),
      iso_639_1: 'en',
      media_id: id,
      media_title: title,
      media_type: kind,
      updated_at: isoTimestamp(Math.floor(updatedMs)),
      url: `https://www.themoviedb.org/review/${reviewId}`,
    };
  });
}

/** Released movies and those about to open (already screened for critics) get reviews. */
export function generateReviews(movies: MovieDetails[], tvSeries: TvSeriesDetails[], today: string): Review[] {
  const rng = new Random('reviews');
  const pool = authors(rng);
  const endMs = dayToMs(today);
  const lastPreview = addDays(today, UPCOMING_WINDOW_DAYS);
  const reviews: Review[] = [];
  for (const movie of movies) {
    if (movie.status !== 'Released' && !(movie.release_date && movie.release_date <= lastPreview)) continue;
    reviews.push(...reviewsOf(rng, pool, 'movie', movie.id, movie.title, movie.release_date, endMs));
  }
  for (const series of tvSeries) {
    reviews.push(...reviewsOf(rng, pool, 'tv', series.id, series.name, series.first_air_date, endMs));
  }
  return reviews;
}
