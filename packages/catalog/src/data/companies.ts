/** Production companies (with alternative names) and TV networks. */
import { MAJOR_PRODUCTION_COUNTRIES, pickOriginCountry } from './countries.ts';
import { pick, Random } from './random.ts';
import { slug } from './text.ts';
import type { CompanyAlternativeName, CompanyDetails, CompanySummary, Network } from './types.ts';
import { CITIES, COMPANY_KINDS, COMPANY_STEMS, NETWORK_NAMES } from './words.ts';

export interface CompanyData {
  companies: CompanyDetails[];
  companyAlternativeNames: Map<number, CompanyAlternativeName[]>;
}

const MAIN_KINDS = ['Pictures', 'Films', 'Studios', 'Entertainment'];
/** The first stem gets many subsidiaries, so a company search for it spans two pages. */
const LARGE_FAMILY_SIZE = 24;

function companyNames(rng: Random): { name: string; stem: string; isMain: boolean }[] {
  const names: { name: string; stem: string; isMain: boolean }[] = [];
  COMPANY_STEMS.forEach((stem, index) => {
    const main = rng.pick(MAIN_KINDS);
    names.push({ name: `${stem} ${main}`, stem, isMain: true });
    const others = COMPANY_KINDS.filter((kind) => kind !== main);
    const count = index === 0 ? LARGE_FAMILY_SIZE - 1 : rng.int(1, 4);
    for (const kind of rng.pickSome(others, count)) names.push({ name: `${stem} ${kind}`, stem, isMain: false });
  });
  return names;
}

function alternativeNames(rng: Random, name: string, stem: string): CompanyAlternativeName[] {
  const candidates = [`${name} Ltd.`, `${name}, LLC`, `${name} Inc.`, name.toUpperCase(), stem, `${stem} Group`];
  return rng.pickSome(candidates, rng.pick([0, 0, 1, 2, 3, 4])).map((alt) => ({
    name: alt,
    type: rng.chance(0.85) ? '' : 'abbreviation',
  }));
}

export function generateCompanies(): CompanyData {
  const rng = new Random('companies');
  const names = companyNames(rng);
  const ids = rng.shuffle(rng.sparseIds(names.length, 0, 4000));
  const companies: CompanyDetails[] = [];
  const companyAlternativeNames = new Map<number, CompanyAlternativeName[]>();
  let main: CompanyDetails | undefined;
  names.forEach(({ name, stem, isMain }, index) => {
    const origin = rng.chance(0.15) ? '' : rng.pick(MAJOR_PRODUCTION_COUNTRIES);
    const cities = CITIES[origin];
    const company: CompanyDetails = {
      description: rng.chance(0.6) ? '' : `${name} develops, finances and produces feature films and series.`,
      headquarters: cities ? rng.pick(cities) : '',
      homepage: rng.chance(0.5) ? `https://www.${slug(name)}.com` : '',
      id: pick(ids, index),
      logo_path: rng.chance(0.7) ? rng.imagePath('.png') : null,
      name,
      origin_country: origin,
      parent_company: null,
    };
    if (isMain) main = company;
    else if (main && rng.chance(0.4)) {
      company.parent_company = { id: main.id, name: main.name, logo_path: main.logo_path };
    }
    companies.push(company);
    companyAlternativeNames.set(company.id, alternativeNames(rng, name, stem));
  });
  companies.sort((a, b) => a.id - b.id);
  return { companies, companyAlternativeNames };
}

export function companySummary(company: CompanyDetails): CompanySummary {
  return {
    id: company.id,
    logo_path: company.logo_path,
    name: company.name,
    origin_country: company.origin_country,
  };
}

export function generateNetworks(): Network[] {
  const rng = new Random('networks');
  const ids = rng.sparseIds(NETWORK_NAMES.length, 0, 300);
  return NETWORK_NAMES.map((name, index) => ({
    id: pick(ids, index),
    logo_path: rng.chance(0.9) ? rng.imagePath('.png') : null,
    name,
    origin_country: pickOriginCountry(rng, 0.8),
  }));
}
