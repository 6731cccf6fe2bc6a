import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { Company } from '../company/company.ts';
import { AlternativeTitle } from '../kit/alternative-title.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { ProductionCountry } from '../kit/country.ts';
import { Language } from '../reference/configuration.ts';
import { calendarDate } from '../kit/dates.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { ProductionStatus } from '../kit/production-status.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { Genre, genresOf } from '../reference/genre.ts';
import { Movie, type MovieSource } from './ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

// A movie of the service's lists carries its original title; a shell made of an id (or of a
// review's media id and title) does not, and loads its details for what it lacks.
const fromDetail = carriedFrom(
  (movie: MovieSource, context: GatewayContext) => context.loaders.movie.load({ movieId: movie.id }),
  (movie) => 'original_title' in movie,
);

const MovieImages = builder.objectRef<Up.MovieImages>('MovieImages').implement({
  description: 'The images of a movie, by kind.',
  fields: (t) => ({
    backdrops: t.field({ type: [Image], description: 'Backdrops: wide background pictures.', resolve: (i) => i.backdrops }),
    logos: t.field({
      type: [Image],
      nullable: true,
      description: 'Title logos: pictures of the title, often with transparency; null where the service sent none (2014 answers).',
      resolve: (i) => i.logos ?? null,
    }),
    posters: t.field({ type: [Image], description: 'Posters: cover pictures, one per language and design.', resolve: (i) => i.posters }),
  }),
});

Movie.implement({
  description: 'A movie of the catalog.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the movie (`movie(id:)`'s argument; REST `/movie/{movie_id}`). `id` is the global id.",
    }),
    title: t.string({ description: 'Title in the requested language.', resolve: fromDetail('title') }),
    originalTitle: t.string({
      description: 'Title in the original language.',
      resolve: fromDetail('original_title'),
    }),
    overview: t.string({ nullable: true, description: 'Plot summary; may be empty.', resolve: fromDetail.summary('overview') }),
    releaseDate: t.field({
      type: 'Date',
      nullable: true,
      description: "Primary release date; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail.summary('release_date', calendarDate),
    }),
    posterPath: t.string({
      nullable: true,
      description:
        'Path of the poster, the cover picture of the movie (see `Image.filePath`); null when there is none. `posterUrl` is its address.',
      resolve: fromDetail.summary('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail.summary('poster_path'), 'poster (the cover picture)'),
    backdropPath: t.string({
      nullable: true,
      description: 'Path of the backdrop, a wide background picture from the movie; null when there is none. `backdropUrl` is its address.',
      resolve: fromDetail.summary('backdrop_path'),
    }),
    backdropUrl: imageUrlField(t, 'backdrop', fromDetail.summary('backdrop_path'), 'backdrop (the wide background picture)'),
    genreIds: t.intList({
      nullable: true,
      description: 'Identifiers of the genres of the movie; null where the service left them out of a list item.',
      resolve: (m, args, c) => {
        if (m.genre_ids) return m.genre_ids;
        if (m.genres) return m.genres.map((g) => g.id);
        return fromDetail.summary('genres', (genres) => genres?.map((g) => g.id) ?? null)(m, args, c);
      },
    }),
    adult: t.boolean({ nullable: true, description: 'Whether the movie is adult content.', resolve: fromDetail.summary('adult') }),
    video: t.boolean({
      nullable: true,
      description: 'Whether this entry is a video release rather than a film (compilations, concerts).',
      resolve: fromDetail.summary('video'),
    }),
    popularity: t.float({
      nullable: true,
      description: 'Relative popularity score. A number the service sent as a string (2014 answers) comes as a number.',
      resolve: fromDetail.summary('popularity'),
    }),
    voteAverage: t.float({ nullable: true, description: 'Average user vote, 0 to 10.', resolve: fromDetail.summary('vote_average') }),
    voteCount: t.int({ nullable: true, description: 'Number of user votes.', resolve: fromDetail.summary('vote_count') }),
    originalLanguage: t.string({
      nullable: true,
      description: 'ISO 639-1 code of the original language.',
      resolve: fromDetail.summary('original_language'),
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
      args: changeWindowArgs,
      resolve: async (m, args, c) => (await c.loaders.movieChanges.load({ movieId: m.id, ...changeWindow(args) })).changes,
    }),
    images: t.field({
      type: MovieImages,
      nullable: true,
      description: 'Pictures of the movie: backdrops, logos and posters.',
      args: imageLanguageArgs,
      resolve: (m, args, c) => c.loaders.movieImages.load({ movieId: m.id, ...imageLanguage(args) }),
    }),
  }),
});

builder.objectFields(Movie, (t) => ({
  genres: t.field({
    nullable: true,
    type: [Genre],
    description:
      "The genres of the movie, with their names. On a list's items, from the genre list (one call per request), not a call per item.",
    // At most one call per request, whatever the number of items: the shared genre list.
    complexity: 0,
    resolve: (m, _, c) =>
      genresOf(
        m,
        'original_title' in m,
        () => c.loaders.movieGenres.load({}),
        () => fromDetail.load(m, c),
      ),
  }),
  runtime: t.int({
    nullable: true,
    description: 'Running time in minutes; 0 or null when unknown (as the catalog sends it).',
    resolve: fromDetail('runtime'),
  }),
  budget: t.float({
    nullable: true,
    description: 'Production budget in US dollars; 0 when unknown.',
    resolve: fromDetail('budget'),
  }),
  revenue: t.float({
    nullable: true,
    description: 'Box-office revenue in US dollars; 0 when unknown. A Float because it can exceed 32 bits.',
    resolve: fromDetail('revenue'),
  }),
  status: t.field({
    type: ProductionStatus.ref,
    nullable: true,
    description: 'Production status, such as RELEASED, IN_PRODUCTION or PLANNED; OTHER for a status this schema does not list yet.',
    resolve: fromDetail('status', ProductionStatus.of),
  }),
  tagline: t.string({ nullable: true, description: 'Tagline; may be empty.', resolve: fromDetail('tagline') }),
  homepage: t.string({ nullable: true, description: 'Official web site; may be empty.', resolve: fromDetail('homepage') }),
  imdbId: t.string({
    nullable: true,
    description: 'IMDb identifier ("tt0076759"); null when unknown. The catalog\'s empty string comes as null.',
    resolve: fromDetail('imdb_id', (value) => value || null),
  }),
  originCountry: t.stringList({
    nullable: true,
    description: 'ISO 3166-1 codes of the countries the movie comes from.',
    resolve: fromDetail('origin_country', (value) => value ?? []),
  }),
  productionCompanies: t.field({
    nullable: true,
    type: [Company],
    description: 'The companies that produced the movie.',
    resolve: fromDetail('production_companies'),
  }),
  productionCountries: t.field({
    nullable: true,
    type: [ProductionCountry],
    description: 'The countries the movie was produced in.',
    resolve: fromDetail('production_countries'),
  }),
  spokenLanguages: t.field({
    nullable: true,
    type: [Language],
    description: 'The languages spoken in the movie.',
    resolve: fromDetail('spoken_languages'),
  }),
}));

builder.queryFields((t) => ({
  movie: t.field({
    type: Movie,
    nullable: true,
    description: 'A movie by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such movie.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('movie') }), ...subtreeLanguageArgs },
    resolve: (_, args, c, info) => {
      valid.language('language', args.language);
      return existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'Movie');
    },
  }),
}));
