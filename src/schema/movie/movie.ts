import type { GatewayContext } from '../../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { Company } from '../company/company.ts';
import { AlternativeTitle } from '../kit/alternative-title.ts';
import { carried } from '../kit/carried.ts';
import { ChangeGroup } from '../kit/change-record.ts';
import { dateOrNull } from '../kit/format.ts';
import { Image } from '../kit/image.ts';
import { pageArgs } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { MediaListPage } from '../list/media-list.ts';
import { Genre } from '../reference/genre.ts';
import { ReviewPage } from '../review/review.ts';
import { Movie, type MovieSource } from './ref.ts';

function details(movie: MovieSource, context: GatewayContext) {
  return () => context.loaders.movie.load({ movieId: movie.id });
}

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
    title: t.string({ description: 'Title in the requested language.', resolve: (m, _, c) => carried(m, 'title', details(m, c)) }),
    originalTitle: t.string({
      description: 'Title in the original language.',
      resolve: (m, _, c) => carried(m, 'original_title', details(m, c)),
    }),
    overview: t.string({ description: 'Plot summary; may be empty.', resolve: (m, _, c) => carried(m, 'overview', details(m, c)) }),
    releaseDate: t.string({
      nullable: true,
      description: 'Primary release date, YYYY-MM-DD; null when unknown.',
      resolve: async (m, _, c) => dateOrNull(await carried(m, 'release_date', details(m, c))),
    }),
    posterPath: t.string({
      nullable: true,
      description: 'Poster image path (see `Image.filePath`); null when there is none.',
      resolve: (m, _, c) => carried(m, 'poster_path', details(m, c)),
    }),
    backdropPath: t.string({
      nullable: true,
      description: 'Backdrop image path; null when there is none.',
      resolve: (m, _, c) => carried(m, 'backdrop_path', details(m, c)),
    }),
    genreIds: t.intList({
      description: 'Identifiers of the genres of the movie.',
      resolve: async (m, _, c) => m.genre_ids ?? (m.genres ?? (await details(m, c)()).genres).map((g) => g.id),
    }),
    adult: t.boolean({ description: 'Whether the movie is adult content.', resolve: (m, _, c) => carried(m, 'adult', details(m, c)) }),
    video: t.boolean({
      description: 'Whether this entry is a video release rather than a film (compilations, concerts).',
      resolve: (m, _, c) => carried(m, 'video', details(m, c)),
    }),
    popularity: t.float({ description: 'Relative popularity score.', resolve: (m, _, c) => carried(m, 'popularity', details(m, c)) }),
    voteAverage: t.float({ description: 'Average user vote, 0 to 10.', resolve: (m, _, c) => carried(m, 'vote_average', details(m, c)) }),
    voteCount: t.int({ description: 'Number of user votes.', resolve: (m, _, c) => carried(m, 'vote_count', details(m, c)) }),
    originalLanguage: t.string({
      description: 'ISO 639-1 code of the original language.',
      resolve: (m, _, c) => carried(m, 'original_language', details(m, c)),
    }),
    lists: t.field({
      type: MediaListPage,
      nullable: true,
      description: 'User lists that contain this movie.',
      args: pageArgs,
      resolve: (m, args, c) =>
        c.loaders.movieLists.load({ movieId: m.id, page: valid.page(args.page), language: valid.language(args.language) }),
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
          page: valid.page(args.page),
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
      resolve: (m, args, c) =>
        c.loaders.movieReviews.load({ movieId: m.id, page: valid.page(args.page), language: valid.language(args.language) }),
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
    resolve: (m, _, c) => carried(m, 'genres', details(m, c)),
  }),
  runtime: t.int({
    nullable: true,
    description: 'Running time in minutes; null when unknown.',
    resolve: async (m, _, c) => (await carried(m, 'runtime', details(m, c))) || null,
  }),
  budget: t.float({
    description: 'Production budget in US dollars; 0 when unknown.',
    resolve: (m, _, c) => carried(m, 'budget', details(m, c)),
  }),
  revenue: t.float({
    description: 'Box-office revenue in US dollars; 0 when unknown. A Float because it can exceed 32 bits.',
    resolve: (m, _, c) => carried(m, 'revenue', details(m, c)),
  }),
  status: t.string({
    description: 'Production status, such as "Released", "In Production" or "Planned".',
    resolve: (m, _, c) => carried(m, 'status', details(m, c)),
  }),
  tagline: t.string({ description: 'Tagline; may be empty.', resolve: (m, _, c) => carried(m, 'tagline', details(m, c)) }),
  homepage: t.string({ description: 'Official web site; may be empty.', resolve: (m, _, c) => carried(m, 'homepage', details(m, c)) }),
  imdbId: t.string({
    nullable: true,
    description: 'IMDb identifier ("tt0076759"); null when unknown.',
    resolve: async (m, _, c) => (await carried(m, 'imdb_id', details(m, c))) || null,
  }),
  originCountry: t.stringList({
    description: 'ISO 3166-1 codes of the countries the movie comes from.',
    resolve: async (m, _, c) => (await carried(m, 'origin_country', details(m, c))) ?? [],
  }),
  productionCompanies: t.field({
    type: [Company],
    description: 'The companies that produced the movie.',
    resolve: (m, _, c) => carried(m, 'production_companies', details(m, c)),
  }),
}));

builder.queryFields((t) => ({
  movie: t.field({
    type: Movie,
    nullable: true,
    description:
      'A movie by its id. When the catalog has no such movie, the fields that need its data fail with NOT_FOUND and the movie is null.',
    args: { id: t.arg.int({ required: true, description: 'Identifier of the movie.' }) },
    resolve: (_, args) => ({ id: valid.id('id', args.id) }),
  }),
}));
