import type * as Up from '../types.ts';
import { resource } from './define.ts';

export const reviewResources = {
  review: resource<{ reviewId: string }, Up.Review>((p) => ({ path: ['review', p.reviewId] })),
};
