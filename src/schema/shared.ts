import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';

/** Types that several domains return: videos, translations, external ids, watch offers, account states. */

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
    publishedAt: t.exposeString('published_at', { description: 'When the video was published, ISO 8601 UTC.' }),
    languageCode: t.string({ nullable: true, description: 'ISO 639-1 language of the video; null when not set.', resolve: (v) => v.iso_639_1 || null }),
    countryCode: t.string({
      nullable: true,
      description: 'ISO 3166-1 country the video is meant for; null when not set.',
      resolve: (v) => v.iso_3166_1 || null,
    }),
  }),
});

const TranslationData = builder.objectRef<Up.Translation['data']>('TranslationData').implement({
  description: 'The translated texts. Which ones are set depends on the kind of object; each is null when not translated.',
  fields: (t) => ({
    title: t.string({ nullable: true, description: 'Translated title (movies, episodes).', resolve: (d) => d.title || null }),
    name: t.string({ nullable: true, description: 'Translated name (series, seasons, collections).', resolve: (d) => d.name || null }),
    overview: t.string({ nullable: true, description: 'Translated overview.', resolve: (d) => d.overview || null }),
    tagline: t.string({ nullable: true, description: 'Translated tagline.', resolve: (d) => d.tagline || null }),
    homepage: t.string({ nullable: true, description: 'Web site for this language.', resolve: (d) => d.homepage || null }),
    biography: t.string({ nullable: true, description: 'Translated biography (people).', resolve: (d) => d.biography || null }),
    runtime: t.int({ nullable: true, description: 'Running time in minutes in this release.', resolve: (d) => d.runtime || null }),
  }),
});

export const Translation = builder.objectRef<Up.Translation>('Translation').implement({
  description: 'The texts of an object in one language.',
  fields: (t) => ({
    countryCode: t.string({ nullable: true, description: 'ISO 3166-1 country of the translation; null when not set.', resolve: (tr) => tr.iso_3166_1 || null }),
    languageCode: t.string({ nullable: true, description: 'ISO 639-1 language of the translation; null when not set.', resolve: (tr) => tr.iso_639_1 || null }),
    name: t.exposeString('name', { description: 'Name of the language in that language, such as "Français".' }),
    englishName: t.exposeString('english_name', { description: 'Name of the language in English.' }),
    data: t.field({ type: TranslationData, description: 'The translated texts.', resolve: (tr) => tr.data }),
  }),
});

export const ExternalIds = builder.objectRef<Up.ExternalIds>('ExternalIds').implement({
  description: 'Identifiers of an object in other databases and sites. Each is null when unknown or not applicable.',
  fields: (t) => ({
    imdbId: t.string({ nullable: true, description: 'IMDb id ("tt0137523", "nm0000158").', resolve: (e) => e.imdb_id || null }),
    wikidataId: t.string({ nullable: true, description: 'Wikidata id ("Q…").', resolve: (e) => e.wikidata_id || null }),
    facebookId: t.string({ nullable: true, description: 'Facebook page name.', resolve: (e) => e.facebook_id || null }),
    instagramId: t.string({ nullable: true, description: 'Instagram handle.', resolve: (e) => e.instagram_id || null }),
    twitterId: t.string({ nullable: true, description: 'X (Twitter) handle.', resolve: (e) => e.twitter_id || null }),
    tiktokId: t.string({ nullable: true, description: 'TikTok handle.', resolve: (e) => e.tiktok_id || null }),
    youtubeId: t.string({ nullable: true, description: 'YouTube channel.', resolve: (e) => e.youtube_id || null }),
    freebaseId: t.string({ nullable: true, description: 'Freebase id.', resolve: (e) => e.freebase_id || null }),
    freebaseMid: t.string({ nullable: true, description: 'Freebase machine id.', resolve: (e) => e.freebase_mid || null }),
    tvdbId: t.int({ nullable: true, description: 'TheTVDB id.', resolve: (e) => e.tvdb_id ?? null }),
    tvrageId: t.int({ nullable: true, description: 'TVRage id.', resolve: (e) => e.tvrage_id ?? null }),
  }),
});

const ProviderOffer = builder.objectRef<Up.ProviderOffer>('ProviderOffer').implement({
  description: 'A streaming or TV service offering a title in one country.',
  fields: (t) => ({
    providerId: t.exposeInt('provider_id', { description: 'Identifier of the provider.' }),
    providerName: t.exposeString('provider_name', { description: 'Name of the provider.' }),
    logoPath: t.exposeString('logo_path', { nullable: true, description: 'Logo image path; null when none.' }),
    displayPriority: t.exposeInt('display_priority', { description: 'Sort position (lower comes first).' }),
  }),
});

export const WatchProviderCountry = builder
  .objectRef<Up.WatchProviderCountry & { country: string }>('WatchProviderCountry')
  .implement({
    description: 'Where a title can be watched in one country, by kind of offer.',
    fields: (t) => ({
      countryCode: t.exposeString('country', { description: 'ISO 3166-1 country code.' }),
      link: t.exposeString('link', { description: 'Page on the catalog site listing these offers.' }),
      flatrate: t.field({ type: [ProviderOffer], description: 'Included in a subscription.', resolve: (c) => c.flatrate ?? [] }),
      rent: t.field({ type: [ProviderOffer], description: 'For rent.', resolve: (c) => c.rent ?? [] }),
      buy: t.field({ type: [ProviderOffer], description: 'For sale.', resolve: (c) => c.buy ?? [] }),
      free: t.field({ type: [ProviderOffer], description: 'Free of charge.', resolve: (c) => c.free ?? [] }),
      ads: t.field({ type: [ProviderOffer], description: 'Free with advertising.', resolve: (c) => c.ads ?? [] }),
    }),
  });

/** The per-country offers of a title, ordered by country code, optionally for one country. */
export function offersByCountry(providers: Up.WatchProviders, country?: string) {
  return Object.entries(providers.results)
    .filter(([code]) => !country || code === country)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, offers]) => ({ ...offers, country: code }));
}

export const AccountStates = builder.objectRef<Up.AccountStates>('AccountStates').implement({
  description: "What the session's account has recorded about a movie, series or episode.",
  fields: (t) => ({
    favorite: t.exposeBoolean('favorite', { description: 'Whether the account marked it as a favourite.' }),
    watchlist: t.exposeBoolean('watchlist', { description: 'Whether it is on the account watchlist.' }),
    rating: t.float({
      nullable: true,
      description: "The account's rating, 0.5 to 10; null when the account has not rated it.",
      resolve: (s) => (s.rated === false || !s.rated ? null : s.rated.value),
    }),
  }),
});
