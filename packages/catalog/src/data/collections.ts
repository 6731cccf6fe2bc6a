/**
 * Collections, keywords, network details, company and network logos, and TV episode groups.
 *
 * Consistency rules: a collection exists for every `belongs_to_collection` of the movies and its
 * parts are exactly those movies; a keyword's movies are exactly the movies that carry it; network
 * details extend the network records the series embed; an episode group lists real episodes of its
 * own series. Keyword ids of the first words are the ones the movie change log uses (changes.ts), and
 * a keyword the log says was added to a movie is one of that movie's keywords.
 */
import { generateMovieChanges } from './changes.ts';
import { COUNTRIES, LANGUAGES } from './countries.ts';
import { CATALOG_TODAY, dayToMs } from './dates.ts';
import { pick, Random } from './random.ts';
import { movieOverview, slug, titleIn } from './text.ts';
import { episodeSummary } from './tv.ts';
import type { SeasonDetails, TvSeriesDetails } from './tv-types.ts';
import type { CompanyAlternativeName, CompanyDetails, Image, MovieDetails, Network } from './types.ts';
import { CITIES, KEYWORDS } from './words.ts';

import type {
  CollectionRecord,
  CollectionTranslation,
  CollectionsData,
  EpisodeGroupDetails,
  Keyword,
  LogoImage,
  NetworkDetails,
} from './collection-types.ts';

export type * from './collection-types.ts';

/** Words beyond the change log's, so keyword search has something to page through. */
const MORE_KEYWORDS = [
  'lost treasure',
  'lost in the woods',
  'getting lost',
  'lost at sea',
  'lost memory',
  'paradise lost',
  'lost city',
  'lost love',
  'lost tribe',
  'lost child',
  'lost letter',
  'lost film',
  'lost island',
  'lost friend',
  'lost and found',
  'lost world',
  'lost generation',
  'lost soul',
  'lost signal',
  'lost highway',
  'lost luggage',
  'lost pet',
  'murder',
  'female protagonist',
  'biography',
  'sports',
  'christmas',
  'island',
  'prison',
  'dragon',
  'kingdom',
  'detective',
  'superhero',
  'zombie',
  'robot',
  'vampire',
  'wedding',
  'high school',
  'hospital',
  'journalism',
];

const GROUP_TYPES: { type: number; name: string; description: string }[] = [
  { type: 1, name: 'Aired Order', description: '' },
  { type: 2, name: 'Absolute Order', description: 'Every episode numbered in one run.' },
  { type: 3, name: 'DVD Order', description: 'The order of the home video release.' },
  { type: 4, name: 'Digital Collections', description: 'Episodes as the streaming service groups them.' },
  { type: 5, name: 'Story Arcs', description: 'Episodes grouped by story arc.' },
  { type: 6, name: 'Production Order', description: 'The order the episodes were made in.' },
];

function logo(rng: Random, filePath?: string): LogoImage {
  const width = rng.int(200, 1600);
  const height = Math.round(width / rng.decimal(1.2, 6, 2));
  const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 10);
  return {
    aspect_ratio: width / height,
    file_path: filePath ?? rng.imagePath('.png'),
    height,
    id: rng.hex(24),
    file_type: rng.pick(['.svg', '.png']),
    vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.8, 3),
    vote_count: voteCount,
    width,
  };
}

function logosOf(rng: Random, own: string | null): LogoImage[] {
  const logos = Array.from({ length: rng.int(0, 3) }, () => logo(rng));
  if (own) logos.unshift(logo(rng, own));
  return logos;
}

function picture(rng: Random, kind: 'backdrop' | 'poster', filePath?: string, iso?: string | null): Image {
  const [width, height] =
    kind === 'backdrop'
      ? rng.pick([
          [1280, 720],
          [1920, 1080],
          [3840, 2160],
        ])
      : rng.pick([
          [500, 750],
          [1000, 1500],
          [2000, 3000],
        ]);
  const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 30);
  return {
    aspect_ratio: Math.round((width / height) * 1000) / 1000,
    height,
    iso_639_1:
      iso !== undefined
        ? iso
        : kind === 'backdrop'
          ? rng.chance(0.7)
            ? null
            : 'en'
          : rng.chance(0.7)
            ? 'en'
            : rng.pick(LANGUAGES).iso_639_1,
    file_path: filePath ?? rng.imagePath(),
    vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.8, 3),
    vote_count: voteCount,
    width,
  };
}

function countryOfLanguage(code: string): string {
  if (code === 'en') return 'US';
  return COUNTRIES.find((row) => row.language === code)?.iso_3166_1 ?? 'US';
}

function generateCollectionRecords(rng: Random, movies: MovieDetails[]) {
  const byId = new Map<number, { summary: NonNullable<MovieDetails['belongs_to_collection']>; parts: MovieDetails[] }>();
  for (const movie of movies) {
    const summary = movie.belongs_to_collection;
    if (!summary) continue;
    const entry = byId.get(summary.id) ?? { summary, parts: [] };
    entry.parts.push(movie);
    byId.set(summary.id, entry);
  }
  const collections: CollectionRecord[] = [];
  const collectionImages = new Map<number, { backdrops: Image[]; posters: Image[] }>();
  const collectionTranslations = new Map<number, CollectionTranslation[]>();
  for (const { summary, parts } of [...byId.values()].sort((a, b) => a.summary.id - b.summary.id)) {
    parts.sort((a, b) => (a.release_date || '9999').localeCompare(b.release_date || '9999') || a.id - b.id);
    const language = pick(parts, 0).original_language;
    const overview = rng.chance(0.85) ? movieOverview(rng) : '';
    collections.push({
      id: summary.id,
      name: summary.name,
      original_language: language,
      original_name: language === 'en' ? summary.name : titleIn(rng, language),
      overview,
      poster_path: summary.poster_path,
      backdrop_path: summary.backdrop_path,
      partIds: parts.map((movie) => movie.id),
    });
    const backdrops = Array.from({ length: rng.int(0, 5) }, () => picture(rng, 'backdrop'));
    const posters = Array.from({ length: rng.int(0, 6) }, () => picture(rng, 'poster'));
    if (summary.backdrop_path) backdrops.unshift(picture(rng, 'backdrop', summary.backdrop_path, null));
    if (summary.poster_path) posters.unshift(picture(rng, 'poster', summary.poster_path, 'en'));
    collectionImages.set(summary.id, { backdrops, posters });
    const codes = new Set(['en', language]);
    for (const row of rng.pickSome(LANGUAGES, rng.int(0, 4))) codes.add(row.iso_639_1);
    collectionTranslations.set(
      summary.id,
      [...codes]
        .sort()
        .map((code) => {
          const row = LANGUAGES.find((l) => l.iso_639_1 === code) ?? pick(LANGUAGES, 6);
          const data =
            code === 'en'
              ? { title: summary.name, overview, homepage: '' }
              : { title: rng.chance(0.8) ? titleIn(rng, code) : '', overview: rng.chance(0.6) ? movieOverview(rng) : '', homepage: '' };
          return { iso_3166_1: countryOfLanguage(code), iso_639_1: code, name: row.name, english_name: row.english_name, data };
        })
        .sort((a, b) => (a.iso_3166_1 < b.iso_3166_1 ? -1 : a.iso_3166_1 > b.iso_3166_1 ? 1 : 0)),
    );
  }
  return { collections, collectionImages, collectionTranslations };
}

function generateKeywords(rng: Random, movies: MovieDetails[], tvSeries: TvSeriesDetails[]) {
  // The change log's keyword ids (changes.ts: 1000 + index * 379) for the first words.
  const keywords: Keyword[] = KEYWORDS.map((name, index) => ({ id: 1000 + index * 379, name }));
  const extraIds = rng.sparseIds(MORE_KEYWORDS.length, 200_000, 5_000);
  MORE_KEYWORDS.forEach((name, index) => {
    keywords.push({ id: pick(extraIds, index), name });
  });
  // A keyword the movie's change log says was added is one of its keywords (same stream as catalog.ts uses).
  const changes = generateMovieChanges(movies, CATALOG_TODAY);
  const byId = new Map(keywords.map((keyword) => [keyword.id, keyword]));
  const movieKeywords = new Map<number, Keyword[]>();
  for (const movie of movies) {
    const chosen = new Set(rng.pickSome(keywords, rng.pick([0, 1, 2, 3, 3, 4, 5])));
    for (const { key, item } of changes.get(movie.id) ?? []) {
      const added = key === 'plot_keywords' && item.action === 'added' ? byId.get((item.value as Keyword).id) : undefined;
      if (added) chosen.add(added);
    }
    movieKeywords.set(
      movie.id,
      [...chosen].sort((a, b) => a.id - b.id),
    );
  }
  const tvKeywords = new Map<number, Keyword[]>();
  for (const series of tvSeries) {
    tvKeywords.set(
      series.id,
      rng.pickSome(keywords, rng.pick([0, 1, 2, 3, 4])).sort((a, b) => a.id - b.id),
    );
  }
  return { keywords, movieKeywords, tvKeywords };
}

function generateNetworkData(rng: Random, networks: Network[]) {
  const networkDetails = new Map<number, NetworkDetails>();
  const networkAlternativeNames = new Map<number, CompanyAlternativeName[]>();
  const networkLogos = new Map<number, LogoImage[]>();
  for (const network of networks) {
    const cities = CITIES[network.origin_country];
    networkDetails.set(network.id, {
      headquarters: cities ? rng.pick(cities) : '',
      homepage: rng.chance(0.8) ? `https://www.${slug(network.name)}.tv` : '',
      id: network.id,
      logo_path: network.logo_path,
      name: network.name,
      origin_country: network.origin_country,
    });
    const candidates = [`${network.name} HD`, `${network.name} Television`, network.name.toUpperCase(), `${network.name} International`];
    networkAlternativeNames.set(
      network.id,
      rng.pickSome(candidates, rng.pick([0, 1, 1, 2])).map((name) => ({ name, type: '' })),
    );
    networkLogos.set(network.id, logosOf(rng, network.logo_path));
  }
  return { networkDetails, networkAlternativeNames, networkLogos };
}

function generateEpisodeGroups(rng: Random, tvSeries: TvSeriesDetails[], seasons: Map<number, SeasonDetails[]>) {
  const episodeGroups = new Map<string, EpisodeGroupDetails>();
  const episodeGroupsOfSeries = new Map<number, string[]>();
  for (const series of tvSeries) {
    if (!rng.chance(0.35)) continue;
    const regular = (seasons.get(series.id) ?? []).filter((s) => s.season_number > 0);
    const episodes = regular.flatMap((s) => s.episodes);
    if (episodes.length === 0) continue;
    const created = dayToMs(series.first_air_date) + rng.int(30, 900) * 86_400_000;
    const ids: string[] = [];
    for (const kind of rng.pickSome(GROUP_TYPES, rng.int(1, 3))) {
      // Split the series' episodes (in air order, or shuffled for story arcs) into consecutive groups.
      const ordered = kind.type === 5 ? rng.shuffle(episodes) : episodes;
      const chosen =
        kind.type === 4 || kind.type === 5
          ? ordered.slice(0, Math.max(1, rng.int(Math.ceil(ordered.length / 2), ordered.length)))
          : ordered;
      const groupCount = Math.min(chosen.length, kind.type === 2 ? 1 : Math.max(1, rng.int(1, regular.length + 1)));
      const size = Math.ceil(chosen.length / groupCount);
      const groups = Array.from({ length: groupCount }, (_, index) => ({
        id: rng.objectId(created),
        name: kind.type === 2 ? 'Episodes' : kind.type === 5 ? `Arc ${index + 1}` : `Volume ${index + 1}`,
        order: index + 1,
        episodes: chosen.slice(index * size, (index + 1) * size).map((ep, order) => ({ ...episodeSummary(ep), order })),
        locked: rng.chance(0.8),
      })).filter((group) => group.episodes.length > 0);
      const id = rng.objectId(created);
      episodeGroups.set(id, {
        description: kind.description,
        episode_count: groups.reduce((sum, group) => sum + group.episodes.length, 0),
        group_count: groups.length,
        groups,
        id,
        name: kind.name,
        network: kind.type === 4 || kind.type === 1 ? (series.networks[0] ?? null) : null,
        type: kind.type,
        seriesId: series.id,
      });
      ids.push(id);
    }
    episodeGroupsOfSeries.set(series.id, ids);
  }
  return { episodeGroups, episodeGroupsOfSeries };
}

export function generateCollectionsData(
  movies: MovieDetails[],
  tvSeries: TvSeriesDetails[],
  seasons: Map<number, SeasonDetails[]>,
  networks: Network[],
  companies: CompanyDetails[],
): CollectionsData {
  const rng = new Random('collections');
  const companyLogos = new Map<number, LogoImage[]>();
  for (const company of companies) companyLogos.set(company.id, logosOf(rng, company.logo_path));
  return {
    ...generateCollectionRecords(rng, movies),
    ...generateKeywords(rng, movies, tvSeries),
    ...generateNetworkData(rng, networks),
    companyLogos,
    ...generateEpisodeGroups(rng, tvSeries, seasons),
  };
}
