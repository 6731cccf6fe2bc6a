import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { instant } from './dates.ts';

export const Video = builder.objectRef<Up.Video>('Video').implement({
  description: 'A video about a movie, series, season or episode, hosted on a video site.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Identifier of the video in the catalog.' }),
    key: t.exposeString('key', { description: 'Identifier on the hosting site (the YouTube video id, for example).' }),
    name: t.exposeString('name', { description: 'Title of the video.' }),
    site: t.exposeString('site', { description: 'Hosting site, such as "YouTube" or "Vimeo".' }),
    size: t.exposeInt('size', { description: 'Vertical resolution in pixels, such as 1080.' }),
    type: t.exposeString('type', { description: 'Kind of video: "Trailer", "Teaser", "Clip", "Featurette", "Behind the Scenes"…' }),
    official: t.exposeBoolean('official', { description: 'Whether the video was published by the rights holder.' }),
    publishedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the video was published, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (v) => instant(v.published_at),
    }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of the video; null when not set. The catalog's empty string comes as null.",
      resolve: (v) => v.iso_639_1 || null,
    }),
    countryCode: t.string({
      nullable: true,
      description: "ISO 3166-1 country the video is meant for; null when not set. The catalog's empty string comes as null.",
      resolve: (v) => v.iso_3166_1 || null,
    }),
  }),
});
