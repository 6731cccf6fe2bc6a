/**
 * The generated catalog behind the embedded server: deterministic (seeded, no wall clock),
 * so every start serves the same data and tests can compare responses with it.
 */
import { generateAccount } from './account.ts';
import { generateAccountState, type AccountMediaStore } from './account-state.ts';
import { generateAlternativeTitles } from './alternative-titles.ts';
import { generateMovieChanges } from './changes.ts';
import { generateCollectionsData, type CollectionsData } from './collections.ts';
import { generateCompanies, generateNetworks } from './companies.ts';
import { CONFIGURATION } from './configuration.ts';
import { CATALOG_TODAY } from './dates.ts';
import { MOVIE_GENRES, TV_GENRES } from './genres.ts';
import { generateMovieImages, generateSeasonImages } from './images.ts';
import { generateLists } from './lists.ts';
import { generateMovieExtras, generateTrendingMovies, type MovieExtras } from './movie-sub-resources.ts';
import { generateMovies } from './movies.ts';
import { deepFreeze } from './freeze.ts';
import { generatePeople } from './people.ts';
import { generatePeopleData, type PeopleData } from './people-details.ts';
import { generateCredits, type CreditsData } from './credits.ts';
import type { RatingStore } from './ratings.ts';
import { generateUserLists, type UserListStore } from './user-lists.ts';
import { generateReviews } from './reviews.ts';
import { generateSeasonEpisodeExtras, type EpisodeExtras, type SeasonExtras } from './season-sub-resources.ts';
import { generateScreenedTheatrically, generateSeasonExternalIds, generateTrendingTv } from './tv-external.ts';
import { generateTvSeriesExtras, type TvSeriesExtras } from './series-sub-resources.ts';
import type { EpisodeAccountState, ScreenedTheatricallyEntry, SeasonDetails, SeasonExternalIds, TvSeriesDetails } from './tv-types.ts';
import { generateTvSeries } from './tv.ts';
import type {
  AccountDetails,
  AlternativeTitle,
  CompanyAlternativeName,
  CompanyDetails,
  Configuration,
  Genre,
  Image,
  MovieChange,
  MovieDetails,
  MovieImages,
  MovieListSummary,
  MovieRating,
  Network,
  Region,
  Review,
  TvListSummary,
  WatchProvider,
} from './types.ts';
import { generateRegions, generateWatchProviders } from './watch-providers.ts';

/** Collections, keywords, networks, logos and episode groups: see data/collections.ts. */
export interface CatalogData extends CollectionsData {
  /** The reference day (YYYY-MM-DD) that upcoming movies and changes are relative to. */
  today: string;
  configuration: Configuration;
  movieGenres: readonly Genre[];
  tvGenres: readonly Genre[];
  companies: CompanyDetails[];
  /** Keyed by company id. */
  companyAlternativeNames: Map<number, CompanyAlternativeName[]>;
  networks: Network[];
  movies: MovieDetails[];
  /** Keyed by movie id. */
  movieAlternativeTitles: Map<number, AlternativeTitle[]>;
  /** Keyed by movie id. */
  movieImages: Map<number, MovieImages>;
  /** Keyed by movie id, in time order. */
  movieChanges: Map<number, MovieChange[]>;
  tvSeries: TvSeriesDetails[];
  /** Keyed by series id; season 0 ("Specials") first when present. */
  seasons: Map<number, SeasonDetails[]>;
  /** Keyed by season id. */
  seasonImages: Map<number, Image[]>;
  /** Keyed by season id. */
  seasonExternalIds: Map<number, SeasonExternalIds>;
  /** Keyed by series id (empty list for most). */
  screenedTheatrically: Map<number, ScreenedTheatricallyEntry[]>;
  /** Movie and TV reviews; each work's reviews oldest first. */
  reviews: Review[];
  movieLists: MovieListSummary[];
  tvLists: TvListSummary[];
  /** List ids per movie id. */
  listsOfMovie: Map<number, number[]>;
  /** List ids per series id. */
  listsOfSeries: Map<number, number[]>;
  watchProviders: WatchProvider[];
  regions: Region[];
  account: AccountDetails;
  /** The generated seed of the account's movie ratings, oldest first; read current ratings from `ratings`. */
  ratedMovies: MovieRating[];
  /** The account's episode states, keyed by episode id (`rated` kept in step with `ratings`). */
  episodeAccountStates: Map<number, EpisodeAccountState>;
  /** Mutable: every rating of the account and of guest sessions (data/ratings.ts). */
  ratings: RatingStore;
  /** Mutable: the account's favourite and watchlist movies and series (data/account-state.ts). */
  accountMedia: AccountMediaStore;
  /** Mutable: every user list with its items, public and the account's own (data/user-lists.ts). */
  userLists: UserListStore;
  /** Series ids in trending order per time window. */
  trendingTv: { day: number[]; week: number[] };
  /** Keyed by series id: alternative titles, content ratings, ids, images, translations, videos, providers, changes, related. */
  tvSeriesExtras: Map<number, TvSeriesExtras>;
  /** Keyed by movie id: videos, release dates, translations, external ids, watch providers. */
  movieExtras: Map<number, MovieExtras>;
  /** Movie ids in trending order per time window. */
  trendingMovies: { day: number[]; week: number[] };
  /** Keyed by season id: translations, videos, changes (data/season-sub-resources.ts). */
  seasonExtras: Map<number, SeasonExtras>;
  /** Keyed by episode id: translations, videos, external ids, stills, changes. */
  episodeExtras: Map<number, EpisodeExtras>;
  /** Keyed by person id: times of recent edits, behind /person/changes. */
  personChangeTimes: Map<number, string[]>;
  /** People with their details, profile images, external ids, translations and trending orders. */
  people: PeopleData;
  /** Movie, series, season and episode credits and each person's credits, all from the same records. */
  credits: CreditsData;
}

/** What a running catalog's routes and tests write to: fresh for every start (see generateCatalog). */
type CatalogStores = 'episodeAccountStates' | 'ratings' | 'accountMedia' | 'userLists';

/** Everything else: generated data that nothing writes to once built. */
export type CatalogContent = Omit<CatalogData, CatalogStores>;

/** Generates the read-only part from scratch (about 1 s of CPU); generateCatalog reuses one. */
export function generateCatalogContent(): CatalogContent {
  const today = CATALOG_TODAY;
  const { companies, companyAlternativeNames } = generateCompanies();
  const networks = generateNetworks();
  const people = generatePeople();
  const movies = generateMovies(companies, today);
  const { tvSeries, seasons } = generateTvSeries(people, networks, companies, today);
  const allSeasons = [...seasons.values()].flat();
  const languageOfSeries = new Map(tvSeries.map((series) => [series.id, series.original_language]));
  const lists = generateLists(movies, tvSeries);
  const watchProviders = generateWatchProviders();
  const { account, ratedMovies } = generateAccount(movies, allSeasons, today);
  return deepFreeze({
    today,
    configuration: CONFIGURATION,
    movieGenres: MOVIE_GENRES,
    tvGenres: TV_GENRES,
    companies,
    companyAlternativeNames,
    networks,
    movies,
    movieAlternativeTitles: generateAlternativeTitles(movies),
    movieImages: generateMovieImages(movies),
    movieChanges: generateMovieChanges(movies, today),
    tvSeries,
    seasons,
    seasonImages: generateSeasonImages(allSeasons, ({ episodes: [first] }) => (first && languageOfSeries.get(first.show_id)) ?? 'en'),
    seasonExternalIds: generateSeasonExternalIds(allSeasons),
    screenedTheatrically: generateScreenedTheatrically(tvSeries, seasons),
    reviews: generateReviews(movies, tvSeries, today),
    ...lists,
    watchProviders,
    regions: generateRegions(),
    account,
    ratedMovies,
    trendingTv: generateTrendingTv(tvSeries),
    tvSeriesExtras: generateTvSeriesExtras(tvSeries, watchProviders, today),
    ...generateSeasonEpisodeExtras(
      tvSeries,
      seasons,
      [...people.actors, ...people.crew].map((person) => person.id),
      today,
    ),
    ...generateCollectionsData(movies, tvSeries, seasons, networks, companies),
    movieExtras: generateMovieExtras(movies, watchProviders, today),
    trendingMovies: generateTrendingMovies(movies, today),
    people: generatePeopleData(people, today),
    credits: generateCredits(people, movies, tvSeries, seasons),
  });
}

let sharedContent: CatalogContent | undefined;

/**
 * The data of one running catalog: the read-only content, generated once per process and shared
 * (the test suite starts a catalog in almost every file, and generating it cost a second each),
 * plus stores of its own, so what one catalog's clients rate, mark or list never shows in another.
 * Each generator seeds its own random stream, so the stores are the same on every call.
 */
export function generateCatalog(): CatalogData {
  const content = (sharedContent ??= generateCatalogContent());
  const { movies, tvSeries, seasons, today } = content;
  // The account's episode states change with its ratings (RatingStore.mirrorEpisodes): fresh ones.
  const { episodeAccountStates } = generateAccount(movies, [...seasons.values()].flat(), today);
  return {
    ...content,
    episodeAccountStates,
    ...generateAccountState(content.account, movies, tvSeries, content.ratedMovies, episodeAccountStates, today),
    userLists: generateUserLists(content, movies),
  };
}

export { CATALOG_TODAY };
