/** Production companies: details, alternative names and logos. */
import { resource } from './define.ts';
import type { IdResults } from './wire.ts';

export interface CompanySummary {
  id: number;
  name: string;
  logo_path: string | null;
  origin_country: string;
}

export interface CompanyDetails extends CompanySummary {
  description: string;
  headquarters: string;
  homepage: string;
  parent_company: { id: number; name: string; logo_path: string | null } | null;
}

/** An alternative name of a company or a network. */
export interface AlternativeName {
  name: string;
  type: string;
}

/** A company or network logo: no language, but an id and the original file type. */
export interface LogoImage {
  aspect_ratio: number;
  file_path: string;
  height: number;
  id: string;
  file_type: string;
  vote_average: number;
  vote_count: number;
  width: number;
}

/** GET …/images of a company or a network. */
export interface Logos {
  id: number;
  logos: LogoImage[];
}

type CompanyKey = { companyId: number };

export const companyResources = {
  company: resource<CompanyKey, CompanyDetails>((p) => ({ path: ['company', p.companyId] })),
  companyAlternativeNames: resource<CompanyKey, IdResults<AlternativeName>>((p) => ({
    path: ['company', p.companyId, 'alternative_names'],
  })),
  companyImages: resource<CompanyKey, Logos>((p) => ({ path: ['company', p.companyId, 'images'] })),
};
