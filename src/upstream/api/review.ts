/** Reviews: one review by id. The reviews of a title are in movie.ts and tv.ts. */
import { resource } from './define.ts';
import { param } from '../request.ts';

export interface Review {
  id: string;
  author: string;
  author_details: { name: string; username: string; avatar_path: string | null; rating: number | null };
  content: string;
  created_at: string;
  updated_at: string;
  url: string;
  iso_639_1?: string;
  media_id?: number;
  media_title?: string;
  media_type?: string;
}

export const reviewResources = {
  review: resource<{ reviewId: string }, Review>((p) => ({ path: ['review', param(p.reviewId)] })),
};
