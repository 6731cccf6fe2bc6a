/** Certification (age rating) lists of movies and of series, by country. */
import { resource } from './define.ts';

export interface Certification {
  certification: string;
  meaning: string;
  order: number;
}

export interface CertificationList {
  certifications: Record<string, Certification[]>;
}

export const certificationResources = {
  movieCertifications: resource<Record<string, never>, CertificationList>(() => ({ path: ['certification', 'movie', 'list'] })),
  tvCertifications: resource<Record<string, never>, CertificationList>(() => ({ path: ['certification', 'tv', 'list'] })),
};
