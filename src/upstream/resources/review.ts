import type * as Up from '../types.ts';
import { param } from '../paths.ts';
import { resource } from './define.ts';

export const reviewResources = {
  review: resource<{ reviewId: string }, Up.Review>((p) => ({ path: ['review', param(p.reviewId)] })),
};
