import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { connectionOf } from '../kit/connection.ts';
import { instant } from '../kit/dates.ts';
import * as valid from '../kit/validate.ts';
import { Movie, type MovieSource } from '../movie/ref.ts';
import { CreditMediaType } from '../person/filmography.ts';
import { TVSeries, type TVSeriesSource } from '../tv/ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

const AuthorDetails = builder.objectRef<Up.Review['author_details']>('ReviewAuthor').implement({
  description: 'The catalog user who wrote a review.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Display name; may be empty.' }),
    username: t.exposeString('username', { description: 'User name on the catalog site.' }),
    avatarPath: t.exposeString('avatar_path', {
      nullable: true,
      description: 'Avatar image path; null when none. Some old values hold a full URL after the leading "/".',
    }),
    avatarUrl: imageUrlField(t, 'profile', (source) => source.avatar_path, "avatar (the author's picture)"),
    rating: t.exposeFloat('rating', { nullable: true, description: "The author's rating, 0 to 10; null when not rated." }),
  }),
});

const ReviewMedia = builder.unionType('ReviewMedia', {
  description: 'The movie or TV series a review is about.',
  types: () => [Movie, TVSeries],
  resolveType: (media) => (media.media_type === 'tv' ? TVSeries : Movie),
});

export const Review = builder.objectRef<Up.Review>('Review').implement({
  description: 'A user review of a movie or TV series.',
  fields: (t) => ({
    databaseId: t.exposeString('id', {
      description: "The catalog's identifier of the review, 24 hexadecimal characters (`review(id:)`'s argument). `id` is the global id.",
    }),
    author: t.exposeString('author', { description: 'Name the author signs with.' }),
    authorDetails: t.field({
      type: AuthorDetails,
      nullable: true,
      description: 'More about the author; null where the service sent none (2014 answers).',
      resolve: (r) => r.author_details ?? null,
    }),
    content: t.exposeString('content', { description: 'Text of the review (may contain Markdown and line breaks).' }),
    createdAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the review was written, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (r) => instant(r.created_at),
    }),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the review was last edited, ISO 8601 UTC; null when the catalog sent no valid time.',
      resolve: (r) => instant(r.updated_at),
    }),
    url: t.exposeString('url', { description: 'Address of the review on the public site.' }),
    languageCode: t.string({
      nullable: true,
      description:
        "ISO 639-1 language of the review. Known only for a review fetched by id; null in lists. The catalog's empty string comes as null.",
      resolve: (r) => r.iso_639_1 || null,
    }),
    mediaId: t.int({
      nullable: true,
      description: 'Id of the reviewed movie or series. Known only for a review fetched by id; null in lists.',
      resolve: (r) => r.media_id ?? null,
    }),
    mediaTitle: t.string({
      nullable: true,
      description: 'Title of the reviewed movie or series. Known only for a review fetched by id; null in lists.',
      resolve: (r) => r.media_title ?? null,
    }),
    mediaType: t.field({
      type: CreditMediaType,
      nullable: true,
      description: 'MOVIE or TV. Known only for a review fetched by id; null in lists.',
      // Reviews of 2012 say "Movie": the kind is read without regard to case.
      resolve: (r) => {
        const kind = r.media_type?.toLowerCase();
        return kind === 'movie' || kind === 'tv' ? kind : null;
      },
    }),
    media: t.field({
      type: ReviewMedia,
      nullable: true,
      description: 'The reviewed movie or TV series. Known only for a review fetched by id; null in lists.',
      resolve: (r): MovieSource | TVSeriesSource | null => {
        if (r.media_id === undefined) return null;
        // Carry the title only when the review had one, so a missing title is fetched, not null.
        if (r.media_type?.toLowerCase() === 'tv') {
          return { id: r.media_id, media_type: 'tv', ...(r.media_title !== undefined && { name: r.media_title }) };
        }
        return { id: r.media_id, media_type: 'movie', ...(r.media_title !== undefined && { title: r.media_title }) };
      },
    }),
  }),
});

export const ReviewConnection = connectionOf('Review', 'reviews', Review);

builder.queryFields((t) => ({
  review: t.field({
    type: Review,
    nullable: true,
    description: 'A review by its id. Null, with a NOT_FOUND error, when there is no such review.',
    args: { id: t.arg.id({ required: true, description: byCatalogId('review', 'id (24 hexadecimal characters)') }) },
    resolve: (_, args, c) => c.loaders.review.load({ reviewId: valid.objectId('id', String(args.id)) }),
  }),
}));
