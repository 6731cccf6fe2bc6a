import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

export const ExternalIds = builder.objectRef<Up.ExternalIds>('ExternalIds').implement({
  description: 'Identifiers of an object in other databases and sites. Each is null when unknown or not applicable.',
  fields: (t) => ({
    imdbId: t.string({
      nullable: true,
      description: 'IMDb id ("tt0137523", "nm0000158"). The catalog\'s empty string comes as null.',
      resolve: (e) => e.imdb_id || null,
    }),
    wikidataId: t.string({
      nullable: true,
      description: 'Wikidata id ("Q…"). The catalog\'s empty string comes as null.',
      resolve: (e) => e.wikidata_id || null,
    }),
    facebookId: t.string({
      nullable: true,
      description: "Facebook page name. The catalog's empty string comes as null.",
      resolve: (e) => e.facebook_id || null,
    }),
    instagramId: t.string({
      nullable: true,
      description: "Instagram handle. The catalog's empty string comes as null.",
      resolve: (e) => e.instagram_id || null,
    }),
    twitterId: t.string({
      nullable: true,
      description: "X (Twitter) handle. The catalog's empty string comes as null.",
      resolve: (e) => e.twitter_id || null,
    }),
    tiktokId: t.string({
      nullable: true,
      description: "TikTok handle. The catalog's empty string comes as null.",
      resolve: (e) => e.tiktok_id || null,
    }),
    youtubeId: t.string({
      nullable: true,
      description: "YouTube channel. The catalog's empty string comes as null.",
      resolve: (e) => e.youtube_id || null,
    }),
    freebaseId: t.string({
      nullable: true,
      description: "Freebase id. The catalog's empty string comes as null.",
      resolve: (e) => e.freebase_id || null,
    }),
    freebaseMid: t.string({
      nullable: true,
      description: "Freebase machine id. The catalog's empty string comes as null.",
      resolve: (e) => e.freebase_mid || null,
    }),
    tvdbId: t.int({ nullable: true, description: 'TheTVDB id.', resolve: (e) => e.tvdb_id ?? null }),
    tvrageId: t.int({ nullable: true, description: 'TVRage id.', resolve: (e) => e.tvrage_id ?? null }),
  }),
});
