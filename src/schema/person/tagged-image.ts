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

function seasonOf(media: Extract<Media, { media_type: 'tv_season' }>): SeasonSource {
  const { show_id, media_type: _, ...season } = media;
  return { ...season, seriesId: show_id };
}

function episodeOf(media: Extract<Media, { media_type: 'tv_episode' }>): EpisodeSource {
  const { show_id, media_type: _, ...episode } = media;
  return { ...episode, seriesId: show_id };
}

/** The work as the graph's own object, with the summary the image carried. */
function mediaOf(media: Media) {
  switch (media.media_type) {
    case 'tv':
      return { kind: TVSeries, value: media };
    case 'tv_season':
      return { kind: Season, value: seasonOf(media) };
    case 'tv_episode':
      return { kind: Episode, value: episodeOf(media) };
    default:
      return { kind: Movie, value: media };
  }
}

type Tagged = ReturnType<typeof mediaOf>;

const TaggedMedia = builder.unionType('TaggedMedia', {
  description: 'The movie, series, season or episode an image is tagged in.',
  types: [Movie, TVSeries, Season, Episode],
  resolveType: (value) => (value as unknown as { __kind: Tagged['kind'] }).__kind,
});

function tagged(media: Media) {
  const { kind, value } = mediaOf(media);
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
    id: t.exposeString('id', { description: 'Identifier of the image.' }),
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
      resolve: (i) => (['tv', 'season', 'episode'].includes(i.media_type) ? (i.media_type as 'tv' | 'season' | 'episode') : 'movie'),
    }),
    media: t.field({
      type: TaggedMedia,
      description: 'The movie, series, season or episode, with the summary fields the image carried.',
      resolve: (i) => tagged(i.media),
    }),
    movie: t.field({
      type: Movie,
      nullable: true,
      description: 'The movie; null for any other kind (see `media`).',
      resolve: (i) => (i.media.media_type === 'movie' ? i.media : null),
    }),
    series: t.field({
      type: TVSeries,
      nullable: true,
      description: 'The series; null for any other kind (see `media`).',
      resolve: (i) => (i.media.media_type === 'tv' ? i.media : null),
    }),
  }),
});
