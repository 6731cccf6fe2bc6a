/**
 * The catalog's answers in the language asked (`language=fr-FR`, `de`, `es-ES`...), as the real
 * service gives them: titles, names, overviews, taglines, biographies and genre names come from
 * each object's translations data (the same records `…/translations` serves), and a text with no
 * translation falls back to the original (the original title or name, else the stored text).
 * English, the stored language, is answered as stored. Applied to every GET answer after its
 * route built it, so each route stays as it was and the language reaches every shape that
 * carries a movie, series, season, episode, person or genre.
 */
import type { CatalogData } from './data/catalog.ts';
import { GENRE_TRANSLATIONS } from './data/genres.ts';

type Texts = Readonly<Record<string, unknown>>;
type Translated = { iso_639_1: string; data: Texts };
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The primary language of a `language` parameter ("fr-FR" → "fr"); undefined for English or none. */
export function answerLanguage(parameter: string | undefined): string | undefined {
  const primary = parameter?.split('-')[0]?.toLowerCase();
  return primary && /^[a-z]{2}$/.test(primary) && primary !== 'en' ? primary : undefined;
}

function textsOf(translations: readonly Translated[] | undefined, language: string): Texts | undefined {
  return translations?.find((translation) => translation.iso_639_1 === language)?.data;
}

/** The fields of `object` that `texts` translates; an empty or missing translation keeps `fallback`. */
function overlay(object: Json, texts: Texts | undefined, fields: Record<string, (object: Json) => unknown>): Json {
  const out: Json = { ...object };
  for (const [field, fallback] of Object.entries(fields)) {
    if (!(field in object)) continue;
    const translated = texts?.[field];
    out[field] = typeof translated === 'string' && translated !== '' ? translated : fallback(object);
  }
  return out;
}

const stored = (field: string) => (object: Json) => object[field];

function translateObject(data: CatalogData, object: Json, language: string): Json {
  const id = object.id;
  if (typeof id !== 'number') return object;
  if (typeof object.original_title === 'string' && 'title' in object) {
    const texts = textsOf(data.movieExtras.get(id)?.translations, language);
    return overlay(object, texts, { title: (o) => o.original_title, overview: stored('overview'), tagline: stored('tagline') });
  }
  if (typeof object.original_name === 'string' && 'name' in object) {
    const texts = textsOf(data.tvSeriesExtras.get(id)?.translations, language);
    return overlay(object, texts, { name: (o) => o.original_name, overview: stored('overview'), tagline: stored('tagline') });
  }
  if (typeof object.episode_number === 'number' && 'name' in object) {
    return overlay(object, textsOf(data.episodeExtras.get(id)?.translations, language), {
      name: stored('name'),
      overview: stored('overview'),
    });
  }
  if (typeof object.season_number === 'number' && 'name' in object) {
    return overlay(object, textsOf(data.seasonExtras.get(id)?.translations, language), {
      name: stored('name'),
      overview: stored('overview'),
    });
  }
  if (typeof object.biography === 'string') {
    return overlay(object, textsOf(data.people.translations.get(id), language), { biography: stored('biography') });
  }
  return object;
}

function translateGenres(genres: unknown[], language: string): unknown[] {
  const names = GENRE_TRANSLATIONS[language];
  if (!names) return genres;
  return genres.map((genre) =>
    isObject(genre) && typeof genre.id === 'number' && names[genre.id] ? { ...genre, name: names[genre.id] } : genre,
  );
}

function walk(data: CatalogData, value: unknown, language: string): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(data, item, language));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === 'genres' && Array.isArray(child) ? translateGenres(child, language) : walk(data, child, language);
  }
  return translateObject(data, out, language);
}

/** The answer body in `language` (a primary subtag from answerLanguage); stored data is never changed. */
export function translateAnswer(data: CatalogData, body: unknown, language: string): unknown {
  return walk(data, body, language);
}
