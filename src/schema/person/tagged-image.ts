import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { openEnum } from '../kit/open-enum.ts';
import { Movie } from '../movie/ref.ts';
import { Episode, type EpisodeSource, Season, type SeasonSource, TVSeries } from '../tv/ref.ts';

/** An image of a person is tagged in a movie, a series, a season or an episode. */

const TaggedMediaType = builder.enumType('TaggedMediaType', {
  description: 'What a tagged image belongs to.',
  values: {
    MOVIE: { value: 'movie', description: 'A movie.' },
    TV: { value: 'tv', description: 'A TV series.' },
    SEASON: { value: 'season', description: 'A season of a TV series.' },
    EPISODE: { value: 'episode', description: 'An episode of a TV series.' },
  } as const,
});

type Media = Up.TaggedImage['media'];
type MovieMedia = Extract<Media, { media_type?: 'movie' }>;
type SeriesMedia = Extract<Media, { media_type?: 'tv' }>;
type Kind = 'movie' | 'tv' | 'season' | 'episode';

/**
 * The kind of the tagged work, wherever the service put it: inside `media` (`tv_season`,
 * `tv_episode`; answers up to late 2022 carry it there too) or only on the image itself (`season`,
 * `episode`; answers of mid-2022 have no inner `media_type`). Reading only the inner one turned
 * every such image into a movie: `movie` null for a movie, a series served as a Movie.
 */
function kindOf(image: Up.TaggedImage): Kind {
  const named = image.media.media_type ?? image.media_type;
  switch (named) {
    case 'tv':
      return 'tv';
    case 'tv_season':
    case 'season':
      return 'season';
    case 'tv_episode':
    case 'episode':
      return 'episode';
    default:
      return 'movie';
  }
}

function seasonOf(media: Media): SeasonSource {
  const { show_id, media_type: _, ...season } = media as Extract<Media, { media_type?: 'tv_season' }>;
  return { ...season, seriesId: show_id };
}

function episodeOf(media: Media): EpisodeSource {
  const { show_id, media_type: _, ...episode } = media as Extract<Media, { media_type?: 'tv_episode' }>;
  return { ...episode, seriesId: show_id };
}

/** The work as the graph's own object, with the summary the image carried. */
function mediaOf(image: Up.TaggedImage) {
  switch (kindOf(image)) {
    case 'tv':
      return { kind: TVSeries, value: image.media };
    case 'season':
      return { kind: Season, value: seasonOf(image.media) };
    case 'episode':
      return { kind: Episode, value: episodeOf(image.media) };
    default:
      return { kind: Movie, value: image.media };
  }
}

type Tagged = ReturnType<typeof mediaOf>;

const TaggedMedia = builder.unionType('TaggedMedia', {
  description: 'The movie, series, season or episode an image is tagged in.',
  types: [Movie, TVSeries, Season, Episode],
  resolveType: (value) => (value as unknown as { __kind: Tagged['kind'] }).__kind,
});

function tagged(image: Up.TaggedImage) {
  const { kind, value } = mediaOf(image);
  return Object.assign(value as object, { __kind: kind }) as never;
}

const TaggedImageType = openEnum('TaggedImageType', 'Kind of a tagged image.', {
  BACKDROP: { value: 'backdrop', description: 'A wide background image.' },
  POSTER: { value: 'poster', description: 'A poster.' },
  STILL: { value: 'still', description: 'A still of an episode.' },
  PROFILE: { value: 'profile', description: 'A profile picture.' },
  LOGO: { value: 'logo', description: 'A logo.' },
});

export const TaggedImage = builder.objectRef<Up.TaggedImage>('TaggedImage').implement({
  description: 'An image of a movie, series, season or episode in which the person appears.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The catalog's identifier of the image; `id` is the global id." }),
    filePath: t.exposeString('file_path', { description: 'Path of the image file, beginning with "/".' }),
    url: imageUrlField(t, 'image', (source) => source.file_path, 'image'),
    width: t.exposeInt('width', { description: 'Width of the original in pixels.' }),
    height: t.exposeInt('height', { description: 'Height of the original in pixels.' }),
    aspectRatio: t.exposeFloat('aspect_ratio', { description: 'Width divided by height.' }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of text in the image; null when the image has no text. The catalog's empty string comes as null.",
      resolve: (i) => i.iso_639_1 || null,
    }),
    voteAverage: t.exposeFloat('vote_average', { description: 'Average user vote, 0 to 10.' }),
    voteCount: t.exposeInt('vote_count', { description: 'Number of user votes.' }),
    imageType: t.field({
      type: TaggedImageType.ref,
      description: 'Kind of image, such as BACKDROP, POSTER or STILL.',
      resolve: (i) => TaggedImageType.always(i.image_type),
    }),
    mediaType: t.field({
      type: TaggedMediaType,
      description: 'Whether the image belongs to a movie, a series, a season or an episode.',
      resolve: kindOf,
    }),
    media: t.field({
      type: TaggedMedia,
      description: 'The movie, series, season or episode, with the summary fields the image carried.',
      resolve: tagged,
    }),
    movie: t.field({
      type: Movie,
      nullable: true,
      description: 'The movie; null for any other kind (see `media`).',
      resolve: (i) => (kindOf(i) === 'movie' ? (i.media as MovieMedia) : null),
    }),
    series: t.field({
      type: TVSeries,
      nullable: true,
      description: 'The series; null for any other kind (see `media`).',
      resolve: (i) => (kindOf(i) === 'tv' ? (i.media as SeriesMedia) : null),
    }),
  }),
});
