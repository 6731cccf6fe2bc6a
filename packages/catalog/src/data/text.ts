/** Plausible names, titles and texts made from the word lists. */
import type { Random } from './random.ts';
import { ADJECTIVES, FIRST_NAMES, FOREIGN_WORDS, GENRE_NOUNS, LAST_NAMES, NOUNS, PLACES } from './words.ts';

export function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** An English-looking title from one of a few common title patterns. */
export function englishTitle(rng: Random): string {
  const adjective = rng.pick(ADJECTIVES);
  const noun = rng.pick(NOUNS);
  switch (rng.int(0, 6)) {
    case 0:
      return `The ${adjective} ${noun}`;
    case 1:
      return `${noun} of ${rng.pick(PLACES)}`;
    case 2:
      return `${adjective} ${noun}`;
    case 3:
      return `The ${noun} of ${rng.pick(NOUNS)}s`;
    case 4:
      return `${rng.pick(FIRST_NAMES)}'s ${noun}`;
    case 5:
      return `${noun}: ${adjective} ${rng.pick(NOUNS)}`;
    default:
      return `${rng.pick(PLACES)}`;
  }
}

/** A title in `language` when we have words for it (article first, if the language has one), else English. */
export function titleIn(rng: Random, language: string): string {
  const vocabulary = FOREIGN_WORDS[language];
  if (!vocabulary) return englishTitle(rng);
  const words = rng.pickSome(vocabulary.words, rng.int(1, 2));
  if (vocabulary.articles.length && rng.chance(0.6)) words.unshift(rng.pick(vocabulary.articles));
  return words.join(language === 'ja' || language === 'ko' ? '' : ' ');
}

export function movieOverview(rng: Random): string {
  const hero = rng.pick(FIRST_NAMES);
  const place = rng.pick(PLACES);
  const noun = rng.pick(NOUNS).toLowerCase();
  const openings = [
    `When ${hero} returns to ${place} after twenty years, an old ${noun} pulls the whole town back into a decades-old mystery.`,
    `${hero}, a disillusioned ${rng.pick(['detective', 'pilot', 'teacher', 'musician', 'engineer'])}, has one week to find the ${noun} before everything in ${place} is lost.`,
    `In ${place}, a quiet summer turns dangerous when ${hero} discovers what the ${noun} really hides.`,
    `Two estranged siblings cross ${place} to keep a promise made to their dying father.`,
  ];
  const endings = [
    `A ${rng.pick(GENRE_NOUNS)} about loyalty, memory and the price of the truth.`,
    `What begins as a favour becomes the fight of a lifetime.`,
    `Nothing will be the same again.`,
    '',
  ];
  return `${rng.pick(openings)} ${rng.pick(endings)}`.trim();
}

export function seriesOverview(rng: Random): string {
  const place = rng.pick(PLACES);
  const family = rng.pick(LAST_NAMES);
  return rng.pick([
    `The ${family} family runs the only ${rng.pick(['hotel', 'newspaper', 'hospital', 'vineyard'])} in ${place}, and every guest brings a new secret.`,
    `A team of ${rng.pick(['investigators', 'doctors', 'scientists', 'chefs'])} in ${place} takes on the cases nobody else will touch.`,
    `After the ${rng.pick(NOUNS).toLowerCase()} falls, the survivors of ${place} must decide who they will become.`,
    `Follow the rise and fall of the ${family}s across three generations of ambition and betrayal.`,
  ]);
}

export function episodeOverview(rng: Random): string {
  const name = rng.pick(FIRST_NAMES);
  return rng.pick([
    `${name} makes a choice that cannot be undone.`,
    `An unexpected visitor forces ${name} to confront the past.`,
    `Tensions rise as the truth about the ${rng.pick(NOUNS).toLowerCase()} comes out.`,
    `${name} and an unlikely ally race against time.`,
    '',
  ]);
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
