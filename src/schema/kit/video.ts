import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { instant } from './dates.ts';
import { openEnum } from './open-enum.ts';

const VideoType = openEnum('VideoType', 'Kind of video.', {
  TRAILER: { value: 'Trailer', description: '"Trailer".' },
  TEASER: { value: 'Teaser', description: '"Teaser".' },
  CLIP: { value: 'Clip', description: '"Clip".' },
  FEATURETTE: { value: 'Featurette', description: '"Featurette".' },
  BEHIND_THE_SCENES: { value: 'Behind the Scenes', description: '"Behind the Scenes".' },
  BLOOPERS: { value: 'Bloopers', description: '"Bloopers".' },
  OPENING_CREDITS: { value: 'Opening Credits', description: '"Opening Credits".' },
  RECAP: { value: 'Recap', description: '"Recap", of a season.' },
});

const VideoSite = openEnum('VideoSite', 'The site that hosts a video.', {
  YOUTUBE: { value: 'YouTube', description: 'YouTube: `key` is the video id.' },
  VIMEO: { value: 'Vimeo', description: 'Vimeo: `key` is the video number.' },
});

/**
 * Where each site plays a video and shows its picture, from the video's key. Vimeo has no
 * picture address derived from the key alone (its thumbnails need an oEmbed call per video),
 * so `thumbnailUrl` is null there rather than an address of a third party.
 */
const SITES: Record<string, { watch: (key: string) => string; thumbnail?: (key: string) => string }> = {
  YouTube: {
    watch: (key) => `https://www.youtube.com/watch?v=${encodeURIComponent(key)}`,
    thumbnail: (key) => `https://i.ytimg.com/vi/${encodeURIComponent(key)}/hqdefault.jpg`,
  },
  Vimeo: { watch: (key) => `https://vimeo.com/${encodeURIComponent(key)}` },
};

export const Video = builder.objectRef<Up.Video>('Video').implement({
  description: 'A video about a movie, series, season or episode, hosted on a video site.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The catalog's identifier of the video in the catalog; `id` is the global id." }),
    key: t.exposeString('key', { description: 'Identifier on the hosting site (the YouTube video id, for example).' }),
    name: t.exposeString('name', { description: 'Title of the video.' }),
    site: t.field({
      type: VideoSite.ref,
      description: 'Hosting site: YOUTUBE or VIMEO; OTHER for a site this schema does not list yet.',
      resolve: (v) => VideoSite.always(v.site),
    }),
    url: t.string({
      nullable: true,
      description: 'Where the video plays on its site (https); null for a site this schema does not know (OTHER).',
      resolve: (v) => SITES[v.site]?.watch(v.key) ?? null,
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description:
        'A 480×360 picture of the video (https) for YouTube; null for Vimeo, whose pictures are not derived from the key, and for other sites.',
      resolve: (v) => SITES[v.site]?.thumbnail?.(v.key) ?? null,
    }),
    size: t.exposeInt('size', { description: 'Vertical resolution in pixels, such as 1080.' }),
    type: t.field({
      type: VideoType.ref,
      description: 'Kind of video, such as TRAILER or TEASER; OTHER for a kind this schema does not list yet.',
      resolve: (v) => VideoType.always(v.type),
    }),
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
