import { describe, expect, it } from 'vitest';
import { data, h, network, useCollectionFixture } from './fixture.ts';

useCollectionFixture();

const LOGO_FIELDS = 'id: databaseId filePath fileType width height aspectRatio voteAverage voteCount';
const logo = (l: any) => ({
  id: l.id,
  filePath: l.file_path,
  fileType: l.file_type,
  width: l.width,
  height: l.height,
  aspectRatio: l.aspect_ratio,
  voteAverage: l.vote_average,
  voteCount: l.vote_count,
});

describe('networks and logos', () => {
  it('answers Query.network with alternative names and logos field by field', async () => {
    const id = data().networks[0].id;
    const up = await h.rest(`/network/${id}`);
    const names = await h.rest(`/network/${id}/alternative_names`);
    const images = await h.rest(`/network/${id}/images`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { network(id: $id) { id: databaseId name logoPath originCountry headquarters homepage
        alternativeNames { name type } logos { ${LOGO_FIELDS} } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.network).toEqual({
      ...network(up),
      headquarters: up.headquarters,
      homepage: up.homepage,
      alternativeNames: names.results,
      logos: images.logos.map(logo),
    });
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/network/${id}`,
      `/network/${id}/alternative_names`,
      `/network/${id}/images`,
    ]);
  });

  it("answers TVSeries.networks from the series details, and they match the networks' own details", async () => {
    const series = data().tvSeries[0];
    h.catalog.resetCalls();
    const { body } = await h.query(`{ tvSeries(id: ${series.id}) { networks { id: databaseId name logoPath originCountry } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.networks).toEqual(series.networks.map(network));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${series.id}`]);
    for (const n of series.networks) expect(network(await h.rest(`/network/${n.id}`))).toEqual(network(n));

    h.catalog.resetCalls();
    const more = await h.query(`{ tvSeries(id: ${series.id}) { networks { headquarters } } }`);
    expect(more.body.errors).toBeUndefined();
    expect(h.callsTo(/^\/network\/\d+$/)).toBe(series.networks.length);
  });

  it('answers Company.logos field by field, the company logo first', async () => {
    const company = data().companies.find((c) => c.logo_path)!;
    const up = await h.rest(`/company/${company.id}/images`);
    expect(up.logos[0].file_path).toBe(company.logo_path);
    h.catalog.resetCalls();
    const { body } = await h.query(`{ company(id: ${company.id}) { logos { ${LOGO_FIELDS} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.company.logos).toEqual(up.logos.map(logo));
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/company/${company.id}`, `/company/${company.id}/images`]);
  });
});
