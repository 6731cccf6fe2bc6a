import type { GatewayContext } from '../../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { Company } from '../company/company.ts';
import { AlternativeTitle } from '../kit/alternative-title.ts';
import { carriedFrom } from '../kit/carried.ts';
import { ChangeGroup } from '../kit/change-record.ts';
import { ProductionCountry } from '../kit/country.ts';
import { Language } from '../reference/configuration.ts';
import { dateOrNull } from '../kit/format.ts';
import { Image } from '../kit/image.ts';
import { pageArgs, paging } from '../kit/page.ts';
import { subtreeLanguageArgs } from '../kit/language-scope.ts';
import * as valid from '../kit/validate.ts';
import { MediaListPage } from '../list/media-list.ts';
import { Genre } from '../reference/genre.ts';
import { ReviewPage } from '../review/review.ts';
import { Movie, type MovieSource } from './ref.ts';

const fromDetail = carriedFrom((movie: MovieSource, context: GatewayContext) => context.loaders.movie.load({ movieId: movie.id }));

const MovieImages = builder.objectRef<Up.MovieImages>('MovieImages').implement({
  description: 'The images of a movie, by kind.',
  fields: (t) => ({
    backdrops: t.field({ type: [Image], description: 'Wide background images.', resolve: (i) => i.backdrops }),
    logos: t.field({ type: [Image], description: 'Title logos, often with transparency.', resolve: (i) => i.logos }),
    posters: t.field({ type: [Image], description: 'Poster images.', resolve: (i) => i.posters }),
  }),
});

Movie.implement({
  description: 'A movie of the catalog.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the movie.' }),
    title: t.string({ description: 'Title in the requested language.', resolve: fromDetail('title') }),
    originalTitle: t.string({
      description: 'Title in the original language.',
      resolve: fromDetail('original_title'),
    }),
    overview: t.string({ description: 'Plot summary; may be empty.', resolve: fromDetail('overview') }),
    releaseDate: t.string({
      nullable: true,
      description: "Primary release date, YYYY-MM-DD; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('release_date', dateOrNull),
    }),
    posterPath: t.string({
      nullable: true,
      description: 'Poster image path (see `Image.filePath`); null when there is none.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster'),
    backdropPath: t.string({
      nullable: true,
      description: 'Backdrop image path; null when there is none.',
      resolve: fromDetail('backdrop_path'),
    }),
    backdropUrl: imageUrlField(t, 'backdrop', fromDetail('backdrop_path'), 'backdrop'),
    genreIds: t.intList({
      description: 'Identifiers of the genres of the movie.',
      resolve: async (m, _, c) => m.genre_ids ?? (m.genres ?? (await fromDetail.load(m, c)).genres).map((g) => g.id),
    }),
    adult: t.boolean({ description: 'Whether the movie is adult content.', resolve: fromDetail('adult') }),
    video: t.boolean({
      description: 'Whether this entry is a video release rather than a film (compilations, concerts).',
      resolve: fromDetail('video'),
    }),
    popularity: t.float({ description: 'Relative popularity score.', resolve: fromDetail('popularity') }),
    voteAverage: t.float({ description: 'Average user vote, 0 to 10.', resolve: fromDetail('vote_average') }),
    voteCount: t.int({ description: 'Number of user votes.', resolve: fromDetail('vote_count') }),
    originalLanguage: t.string({
      description: 'ISO 639-1 code of the original language.',
      resolve: fromDetail('original_language'),
    }),
    lists: t.field({
      type: MediaListPage,
      nullable: true,
      description: 'User lists that contain this movie.',
      args: pageArgs,
      resolve: (m, args, c) => c.loaders.movieLists.load({ movieId: m.id, ...paging(args) }),
    }),
    alternativeTitles: t.field({
      type: [AlternativeTitle],
      nullable: true,
      description: 'Titles the movie is known by in other countries.',
      args: { country: t.arg.string({ required: false, description: 'Only titles of this ISO 3166-1 country, e.g. "US".' }) },
      resolve: async (m, args, c) =>
        (await c.loaders.movieAlternativeTitles.load({ movieId: m.id, country: valid.country('country', args.country) })).titles,
    }),
    changes: t.field({
      type: [ChangeGroup],
      nullable: true,
      description: 'Recent edits of the movie. Without dates, the last 24 hours; a range may span up to 14 days.',
      args: {
        startDate: t.arg.string({ required: false, description: 'First day, YYYY-MM-DD.' }),
        endDate: t.arg.string({ required: false, description: 'Last day, YYYY-MM-DD.' }),
        page: t.arg.int({ required: false, description: 'Which page of changes, from 1 to 500.' }),
      },
      resolve: async (m, args, c) => {
        const params = {
          movieId: m.id,
          startDate: valid.date('startDate', args.startDate),
          endDate: valid.date('endDate', args.endDate),
          page: valid.page('page', args.page),
        };
        if (params.startDate && params.endDate && params.startDate > params.endDate) {
          throw valid.badInput('endDate', 'must not be before startDate.');
        }
        return (await c.loaders.movieChanges.load(params)).changes;
      },
    }),
    reviews: t.field({
      type: ReviewPage,
      nullable: true,
      description: 'User reviews of the movie.',
      args: pageArgs,
      resolve: (m, args, c) => c.loaders.movieReviews.load({ movieId: m.id, ...paging(args) }),
    }),
    images: t.field({
      type: MovieImages,
      nullable: true,
      description: 'Backdrops, logos and posters of the movie.',
      resolve: (m, _, c) => c.loaders.movieImages.load({ movieId: m.id }),
    }),
  }),
});

builder.objectFields(Movie, (t) => ({
  genres: t.field({
    type: [Genre],
    description: 'The genres of the movie, with their names.',
    resolve: fromDetail('genres'),
  }),
  runtime: t.int({
    nullable: true,
    description: 'Running time in minutes; 0 or null when unknown (as the catalog sends it).',
    resolve: fromDetail('runtime'),
  }),
  budget: t.float({
    description: 'Production budget in US dollars; 0 when unknown.',
    resolve: fromDetail('budget'),
  }),
  revenue: t.float({
    description: 'Box-office revenue in US dollars; 0 when unknown. A Float because it can exceed 32 bits.',
    resolve: fromDetail('revenue'),
  }),
  status: t.string({
    description: 'Production status, such as "Released", "In Production" or "Planned".',
    resolve: fromDetail('status'),
  }),
  tagline: t.string({ description: 'Tagline; may be empty.', resolve: fromDetail('tagline') }),
  homepage: t.string({ description: 'Official web site; may be empty.', resolve: fromDetail('homepage') }),
  imdbId: t.string({
    nullable: true,
    description: 'IMDb identifier ("tt0076759"); null when unknown. The catalog\'s empty string comes as null.',
    resolve: fromDetail('imdb_id', (value) => value || null),
  }),
  originCountry: t.stringList({
    description: 'ISO 3166-1 codes of the countries the movie comes from.',
    resolve: fromDetail('origin_country', (value) => value ?? []),
  }),
  productionCompanies: t.field({
    type: [Company],
    description: 'The companies that produced the movie.',
    resolve: fromDetail('production_companies'),
  }),
  productionCountries: t.field({
    type: [ProductionCountry],
    description: 'The countries the movie was produced in.',
    resolve: fromDetail('production_countries'),
  }),
  spokenLanguages: t.field({
    type: [Language],
    description: 'The languages spoken in the movie.',
    resolve: fromDetail('spoken_languages'),
  }),
}));

builder.queryFields((t) => ({
  movie: t.field({
    type: Movie,
    nullable: true,
    description:
      'A movie by its id. When the catalog has no such movie, the fields that need its data fail with NOT_FOUND and the movie is null.',
    args: { id: t.arg.int({ required: true, description: 'Identifier of the movie.' }), ...subtreeLanguageArgs },
    resolve: (_, args) => {
      valid.language('language', args.language);
      return { id: valid.id('id', args.id) };
    },
  }),
}));
