import type { GatewayContext } from '../../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { Company } from '../company/company.ts';
import { carriedFrom } from '../kit/carried.ts';
import { ProductionCountry } from '../kit/country.ts';
import { dateOrNull } from '../kit/format.ts';
import { Language } from '../reference/configuration.ts';
import { pageArgs, paging } from '../kit/page.ts';
import { subtreeLanguageArgs } from '../kit/language-scope.ts';
import * as valid from '../kit/validate.ts';
import { MediaListPage } from '../list/media-list.ts';
import { Genre } from '../reference/genre.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { Episode, type EpisodeSource, Season, TVSeries, TVSeriesPage, type TVSeriesSource } from './ref.ts';

/** An episode the series record names, as the graph's Episode with its summary carried. */
function episodeOfSeries(episode: Up.EpisodeSummary | null | undefined, series: TVSeriesSource): EpisodeSource | null {
  return episode ? { ...episode, seriesId: series.id } : null;
}

const fromDetail = carriedFrom((series: TVSeriesSource, context: GatewayContext) => context.loaders.tvSeries.load({ seriesId: series.id }));

const ScreenedTheatrically = builder
  .objectRef<Up.ScreenedTheatricallyEntry & { seriesId: number }>('ScreenedTheatricallyEpisode')
  .implement({
    description: 'An episode of a series that was shown in cinemas.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Identifier of the episode.' }),
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
    id: t.exposeInt('id', { description: 'Identifier of the series.' }),
    name: t.string({ description: 'Name in the requested language.', resolve: fromDetail('name') }),
    originalName: t.string({
      description: 'Name in the original language.',
      resolve: fromDetail('original_name'),
    }),
    overview: t.string({ description: 'Summary; may be empty.', resolve: fromDetail('overview') }),
    firstAirDate: t.string({
      nullable: true,
      description: "Date the first episode aired, YYYY-MM-DD; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('first_air_date', dateOrNull),
    }),
    posterPath: t.string({
      nullable: true,
      description: 'Poster image path; null when none.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster'),
    backdropPath: t.string({
      nullable: true,
      description: 'Backdrop image path; null when none.',
      resolve: fromDetail('backdrop_path'),
    }),
    backdropUrl: imageUrlField(t, 'backdrop', fromDetail('backdrop_path'), 'backdrop'),
    genreIds: t.intList({
      description: 'Identifiers of the genres of the series.',
      resolve: async (s, _, c) => s.genre_ids ?? (s.genres ?? (await fromDetail.load(s, c)).genres).map((g) => g.id),
    }),
    originCountry: t.stringList({
      description: 'ISO 3166-1 codes of the countries the series comes from.',
      resolve: fromDetail('origin_country'),
    }),
    originalLanguage: t.string({
      description: 'ISO 639-1 code of the original language.',
      resolve: fromDetail('original_language'),
    }),
    popularity: t.float({ description: 'Relative popularity score.', resolve: fromDetail('popularity') }),
    voteAverage: t.float({ description: 'Average user vote, 0 to 10.', resolve: fromDetail('vote_average') }),
    voteCount: t.int({ description: 'Number of user votes.', resolve: fromDetail('vote_count') }),
    adult: t.boolean({ description: 'Whether the series is adult content.', resolve: fromDetail('adult') }),
    lists: t.field({
      type: MediaListPage,
      nullable: true,
      description: 'User lists that contain this series.',
      args: pageArgs,
      resolve: (s, args, c) => c.loaders.tvSeriesLists.load({ seriesId: s.id, ...paging(args) }),
    }),
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
      description: 'One season by its number (0 holds the specials).',
      args: { number: t.arg.int({ required: true, description: 'Season number.' }), ...subtreeLanguageArgs },
      resolve: (s, args) => {
        valid.language('language', args.language);
        return { seriesId: s.id, season_number: valid.number('number', args.number) };
      },
    }),
  }),
});

builder.objectFields(TVSeries, (t) => ({
  seasons: t.field({
    type: [Season],
    description: 'All seasons of the series, in order, specials (season 0) first when there are any.',
    resolve: async (s, _, c) => (s.seasons ?? (await fromDetail.load(s, c)).seasons).map((season) => ({ ...season, seriesId: s.id })),
  }),
  genres: t.field({ type: [Genre], description: 'Genres with their names.', resolve: fromDetail('genres') }),
  lastAirDate: t.string({
    nullable: true,
    description: "Date the latest episode aired, YYYY-MM-DD; null when unknown. The catalog's empty string comes as null.",
    resolve: fromDetail('last_air_date', dateOrNull),
  }),
  numberOfSeasons: t.int({
    description: 'How many seasons there are.',
    resolve: fromDetail('number_of_seasons'),
  }),
  numberOfEpisodes: t.int({
    description: 'How many episodes there are in all.',
    resolve: fromDetail('number_of_episodes'),
  }),
  inProduction: t.boolean({
    description: 'Whether new episodes are still being made.',
    resolve: fromDetail('in_production'),
  }),
  status: t.string({
    description: 'Status, such as "Returning Series" or "Ended".',
    resolve: fromDetail('status'),
  }),
  type: t.string({ description: 'Format, such as "Scripted" or "Miniseries".', resolve: fromDetail('type') }),
  tagline: t.string({ description: 'Tagline; may be empty.', resolve: fromDetail('tagline') }),
  homepage: t.string({ description: 'Official web site; may be empty.', resolve: fromDetail('homepage') }),
  productionCompanies: t.field({
    type: [Company],
    description: 'The companies that produce the series.',
    resolve: fromDetail('production_companies'),
  }),
  productionCountries: t.field({
    type: [ProductionCountry],
    description: 'The countries the series is produced in.',
    resolve: fromDetail('production_countries'),
  }),
  spokenLanguages: t.field({
    type: [Language],
    description: 'The languages spoken in the series.',
    resolve: fromDetail('spoken_languages'),
  }),
  languages: t.stringList({
    description: 'ISO 639-1 codes of the languages of the series.',
    resolve: fromDetail('languages'),
  }),
  episodeRunTime: t.intList({
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

const trendingArgs = builder.args((t) => ({
  timeWindow: t.field({ type: TimeWindow, required: true, description: 'The period.' }),
}));

builder.objectFields(Trending, (t) => ({
  tv: t.field({
    type: TVSeriesPage,
    nullable: true,
    description: 'The TV series trending over the given period, most popular first.',
    args: { ...trendingArgs, ...pageArgs },
    resolve: (_, args, c) =>
      c.loaders.trendingTVSeries.load({
        timeWindow: args.timeWindow,
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
      }),
  }),
}));

builder.queryFields((t) => ({
  tvSeries: t.field({
    type: TVSeries,
    nullable: true,
    description:
      'A TV series by its id. When the catalog has no such series, the fields that need its data fail with NOT_FOUND and the series is null.',
    args: { id: t.arg.int({ required: true, description: 'Identifier of the series.' }), ...subtreeLanguageArgs },
    resolve: (_, args) => {
      valid.language('language', args.language);
      return { id: valid.id('id', args.id) };
    },
  }),
  trendingTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    description: 'The TV series trending over the given period, most popular first.',
    args: { ...trendingArgs, ...pageArgs },
    resolve: (_, args, c) =>
      c.loaders.trendingTVSeries.load({
        timeWindow: args.timeWindow,
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
      }),
  }),
}));
