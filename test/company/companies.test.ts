import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { startHarness, type Harness } from '../helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const company = (c: any) => ({ id: c.id, name: c.name, logoPath: c.logo_path, originCountry: c.origin_country || null });

describe('Search.companies', () => {
  it('calls {base_url}/search/company with query and page, and answers field by field', async () => {
    const first = await h.rest('/search/company?query=a');
    const term = first.results[0].name.split(' ')[0];
    const up = await h.rest(`/search/company?query=${encodeURIComponent(term)}&page=1`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($q: String!) { search { companies(query: $q) { ${expected.CONNECTION('id: databaseId name logoPath originCountry')} } } }`,
      {
        q: term,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.search.companies).toEqual(expected.connection(up, up.results.map(company)));
    expect(expected.nodes(body.data.search.companies).length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([['/search/company', { query: term, page: '1' }]]);
  });

  it('answers names from the search result without a detail call, details with one', async () => {
    const up = await h.rest('/search/company?query=a');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ search { companies(query: "a") { edges { node { id: databaseId name headquarters } } } } }`);
    expect(body.errors).toBeUndefined();
    expect(h.callsTo('/search/company')).toBe(1);
    expect(h.callsTo(/^\/company\/\d+$/)).toBe(up.results.length);
  });
});

describe('Query.company', () => {
  it('answers details and alternative names field by field', async () => {
    const id = (await h.rest('/search/company?query=a')).results[0].id;
    const up = await h.rest(`/company/${id}`);
    const names = await h.rest(`/company/${id}/alternative_names`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { company(id: $id) { id: databaseId name logoPath originCountry description headquarters homepage
        parentCompany { id: databaseId name logoPath } alternativeNames { name type } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.company).toEqual({
      ...company(up),
      description: up.description,
      headquarters: up.headquarters,
      homepage: up.homepage,
      parentCompany: up.parent_company && { id: up.parent_company.id, name: up.parent_company.name, logoPath: up.parent_company.logo_path },
      alternativeNames: names.results.map((n: any) => ({ name: n.name, type: n.type })),
    });
    expect(h.callsTo(`/company/${id}`)).toBe(1);
    expect(h.callsTo(`/company/${id}/alternative_names`)).toBe(1);
  });

  it('links a movie to its production companies without a company call for carried fields', async () => {
    const movieId = (await h.rest('/movie/upcoming')).results[0].id;
    const movie = await h.rest(`/movie/${movieId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { movie(id: $id) { productionCompanies { id: databaseId name } } }`, { id: movieId });
    expect(body.data.movie.productionCompanies).toEqual(movie.production_companies.map((c: any) => ({ id: c.id, name: c.name })));
    expect(h.callsTo(/^\/company\//)).toBe(0);
  });
});
