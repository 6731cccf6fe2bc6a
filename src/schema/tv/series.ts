import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { Company } from '../company/company.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import { ProductionCountry } from '../kit/country.ts';
import { calendarDate } from '../kit/dates.ts';
import { Language } from '../reference/configuration.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { Genre, genresOf } from '../reference/genre.ts';
import { ProductionStatus } from '../kit/production-status.ts';
import { TVSeriesType } from './enums.ts';
import { Episode, type EpisodeSource, Season, TVSeries, type TVSeriesSource } from './ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** An episode the series record names, as the graph's Episode with its summary carried. */
function episodeOfSeries(episode: Up.EpisodeSummary | null | undefined, series: TVSeriesSource): EpisodeSource | null {
  return episode ? { ...episode, seriesId: series.id } : null;
}

// A series of the service's lists carries its original name; a shell made of an id (or of a
// review's media id and name) does not, and loads its details for what it lacks.
const fromDetail = carriedFrom(
  (series: TVSeriesSource, context: GatewayContext) => context.loaders.tvSeries.load({ seriesId: series.id }),
  (series) => 'original_name' in series,
);

const ScreenedTheatrically = builder
  .objectRef<Up.ScreenedTheatricallyEntry & { seriesId: number }>('ScreenedTheatricallyEpisode')
  .implement({
    description: 'An episode of a series that was shown in cinemas.',
    fields: (t) => ({
      databaseId: t.exposeInt('id', { description: "The catalog's identifier of the episode; `id` is the global id." }),
      seasonNumber: t.exposeInt('season_number', { description: 'Number of its season.' }),
      episodeNumber: t.exposeInt('episode_number', { description: 'Number of the episode within its season.' }),
      episode: t.field({
        type: Episode,
        description: 'The episode itself.',
        resolve: (e) => ({ seriesId: e.seriesId, id: e.id, season_number: e.season_number, episode_number: e.episode_number }),
      }),
    }),
  });

TVSeries.implement({
  description: 'A TV series of the catalog.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the series (`tvSeries(id:)`'s argument; REST `/tv/{series_id}`). `id` is the global id.",
    }),
    name: t.string({ description: 'Name in the requested language.', resolve: fromDetail('name') }),
    originalName: t.string({
      nullable: true,
      description: 'Name in the original language.',
      resolve: fromDetail('original_name'),
    }),
    overview: t.string({ nullable: true, description: 'Summary; may be empty.', resolve: fromDetail.summary('overview') }),
    firstAirDate: t.field({
      type: 'Date',
      nullable: true,
      description: "Date the first episode aired; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail.summary('first_air_date', calendarDate),
    }),
    posterPath: t.string({
      nullable: true,
      description:
        'Path of the poster, the cover picture of the series (see `Image.filePath`); null when none. `posterUrl` is its address.',
      resolve: fromDetail.summary('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail.summary('poster_path'), 'poster (the cover picture)'),
    backdropPath: t.string({
      nullable: true,
      description: 'Path of the backdrop, a wide background picture from the series; null when none. `backdropUrl` is its address.',
      resolve: fromDetail.summary('backdrop_path'),
    }),
    backdropUrl: imageUrlField(t, 'backdrop', fromDetail.summary('backdrop_path'), 'backdrop (the wide background picture)'),
    // Both are keys of the list summary: a summary without them (2013) is null, no details call
    // per item, as Movie.genreIds (docs/data.md, docs/costs.md).
    genreIds: t.intList({
      nullable: true,
      description: 'Identifiers of the genres of the series; null where the service left them out of a list item.',
      resolve: (s, args, c) => {
        if (s.genre_ids) return s.genre_ids;
        if (s.genres) return s.genres.map((g) => g.id);
        return fromDetail.summary('genres', (genres) => genres?.map((g) => g.id) ?? null)(s, args, c);
      },
    }),
    originCountry: t.stringList({
      nullable: true,
      description: 'ISO 3166-1 codes of the countries the series comes from; null where the service left them out of a list item.',
      resolve: fromDetail.summary('origin_country'),
    }),
    originalLanguage: t.string({
      nullable: true,
      description: 'ISO 639-1 code of the original language.',
      resolve: fromDetail.summary('original_language'),
    }),
    popularity: t.float({
      nullable: true,
      description: 'Relative popularity score. A number the service sent as a string (2014 answers) comes as a number.',
      resolve: fromDetail.summary('popularity'),
    }),
    voteAverage: t.float({ nullable: true, description: 'Average user vote, 0 to 10.', resolve: fromDetail.summary('vote_average') }),
    voteCount: t.int({ nullable: true, description: 'Number of user votes.', resolve: fromDetail.summary('vote_count') }),
    adult: t.boolean({ nullable: true, description: 'Whether the series is adult content.', resolve: fromDetail.summary('adult') }),
    screenedTheatrically: t.field({
      type: [ScreenedTheatrically],
      nullable: true,
      description: 'Episodes of the series that were shown in cinemas.',
      resolve: async (s, _, c) =>
        (await c.loaders.screenedTheatrically.load({ seriesId: s.id })).results.map((e) => ({ ...e, seriesId: s.id })),
    }),
    season: t.field({
      type: Season,
      nullable: true,
      description:
        'One season by its number (0 holds the specials). Null, with one NOT_FOUND error at this field, when the series has no such season.',
      args: { number: t.arg.int({ required: true, description: 'Season number.' }), ...subtreeLanguageArgs },
      resolve: (s, args, c, info) => {
        valid.language('language', args.language);
        const season = { seriesId: s.id, season_number: valid.number('number', args.number) };
        return existing(
          season,
          (key, cx) => cx.loaders.season.load({ seriesId: key.seriesId, seasonNumber: key.season_number }),
          c,
          info,
          'Season',
        );
      },
    }),
  }),
});

builder.objectFields(TVSeries, (t) => ({
  seasons: t.field({
    nullable: true,
    type: [Season],
    description: 'All seasons of the series, in order, specials (season 0) first when there are any.',
    resolve: async (s, _, c) => (s.seasons ?? (await fromDetail.load(s, c)).seasons).map((season) => ({ ...season, seriesId: s.id })),
  }),
  genres: t.field({
    nullable: true,
    type: [Genre],
    description: "Genres with their names. On a list's items, from the genre list (one call per request), not a call per item.",
    // At most one call per request, whatever the number of items: the shared genre list.
    complexity: 0,
    resolve: (s, _, c) =>
      genresOf(
        s,
        'original_name' in s,
        () => c.loaders.tvGenres.load({}),
        () => fromDetail.load(s, c),
      ),
  }),
  lastAirDate: t.field({
    type: 'Date',
    nullable: true,
    description: "Date the latest episode aired; null when unknown. The catalog's empty string comes as null.",
    resolve: fromDetail('last_air_date', calendarDate),
  }),
  numberOfSeasons: t.int({
    nullable: true,
    description: 'How many seasons there are.',
    resolve: fromDetail('number_of_seasons'),
  }),
  numberOfEpisodes: t.int({
    nullable: true,
    description: 'How many episodes there are in all.',
    resolve: fromDetail('number_of_episodes'),
  }),
  inProduction: t.boolean({
    nullable: true,
    description: 'Whether new episodes are still being made.',
    resolve: fromDetail('in_production'),
  }),
  status: t.field({
    type: ProductionStatus.ref,
    nullable: true,
    description: 'Production status, such as RETURNING_SERIES or ENDED; OTHER for a status this schema does not list yet.',
    resolve: fromDetail('status', ProductionStatus.of),
  }),
  type: t.field({
    type: TVSeriesType.ref,
    nullable: true,
    description: 'Format, such as SCRIPTED or MINISERIES; OTHER for a format this schema does not list yet.',
    resolve: fromDetail('type', TVSeriesType.of),
  }),
  tagline: t.string({ nullable: true, description: 'Tagline; may be empty.', resolve: fromDetail('tagline') }),
  homepage: t.string({ nullable: true, description: 'Official web site; may be empty.', resolve: fromDetail('homepage') }),
  productionCompanies: t.field({
    nullable: true,
    type: [Company],
    description: 'The companies that produce the series.',
    resolve: fromDetail('production_companies'),
  }),
  productionCountries: t.field({
    nullable: true,
    type: [ProductionCountry],
    description: 'The countries the series is produced in.',
    resolve: fromDetail('production_countries'),
  }),
  spokenLanguages: t.field({
    nullable: true,
    type: [Language],
    description: 'The languages spoken in the series.',
    resolve: fromDetail('spoken_languages'),
  }),
  languages: t.stringList({
    nullable: true,
    description: 'ISO 639-1 codes of the languages of the series.',
    resolve: fromDetail('languages'),
  }),
  episodeRunTime: t.intList({
    nullable: true,
    description: 'Typical running times of an episode, in minutes; often empty.',
    resolve: fromDetail('episode_run_time'),
  }),
  lastEpisodeToAir: t.field({
    type: Episode,
    nullable: true,
    description: 'The latest episode that aired, with its summary (no further call); null when none has aired.',
    resolve: fromDetail('last_episode_to_air', episodeOfSeries),
  }),
  nextEpisodeToAir: t.field({
    type: Episode,
    nullable: true,
    description: 'The next episode to air, with its summary (no further call); null when none is scheduled.',
    resolve: fromDetail('next_episode_to_air', episodeOfSeries),
  }),
}));

builder.queryFields((t) => ({
  tvSeries: t.field({
    type: TVSeries,
    nullable: true,
    description: 'A TV series by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such series.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('series') }), ...subtreeLanguageArgs },
    resolve: (_, args, c, info) => {
      valid.language('language', args.language);
      return existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'TVSeries');
    },
  }),
}));
