import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers.ts';
import * as expected from '../expected.ts';

/** The real service's configuration example, from the published OpenAPI file (see test/contract/). */
function realImageConfiguration(): Record<string, string[] | string> {
  const lines = readFileSync(new URL('../contract/openapi-examples.json', import.meta.url), 'utf8').split('\n');
  const line = lines.find((l) => l.includes('"operationId":"configuration-details"'));
  return JSON.parse(line!.trim().replace(/,$/, '')).example.images;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('image URLs', () => {
  it('offers every size of the real configuration, ORIGINAL included, per kind of image', async () => {
    const real = realImageConfiguration();
    const { body } = await h.query(`{
      poster: __type(name: "PosterSize") { enumValues { name } }
      backdrop: __type(name: "BackdropSize") { enumValues { name } }
      logo: __type(name: "LogoSize") { enumValues { name } }
      profile: __type(name: "ProfileSize") { enumValues { name } }
      still: __type(name: "StillSize") { enumValues { name } }
    }`);
    for (const kind of ['poster', 'backdrop', 'logo', 'profile', 'still']) {
      const names = body.data[kind].enumValues.map((v: { name: string }) => v.name);
      // The served schema lists enum values alphabetically.
      expect(names.sort()).toEqual((real[`${kind}_sizes`] as string[]).map((size) => size.toUpperCase()).sort());
    }
  });

  it('joins the secure base URL, the size and the path, with one configuration call for a whole page', async () => {
    const configuration = await h.rest('/configuration');
    const page = await h.rest('/movie/popular');
    const before = h.callsTo('/configuration');
    const { body } = await h.query(
      `{ popularMovies { edges { node { posterPath posterUrl big: posterUrl(size: ORIGINAL) backdropUrl } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const base = configuration.images.secure_base_url;
    expect(base).toMatch(/^https:/);
    expected.nodes(body.data.popularMovies).forEach((movie: any, i: number) => {
      const path = page.results[i].poster_path;
      expect(movie.posterUrl).toBe(path ? `${base}w500${path}` : null);
      expect(movie.big).toBe(path ? `${base}original${path}` : null);
      const backdrop = page.results[i].backdrop_path;
      expect(movie.backdropUrl).toBe(backdrop ? `${base}w1280${backdrop}` : null);
    });
    expect(h.callsTo('/configuration') - before).toBe(1);
  });

  it('gives a null URL for a null path and the whole URL for an avatar that holds one behind a slash', async () => {
    const movies = await h.rest('/movie/popular?page=1');
    const checked = { full: 0, relative: 0, none: 0 };
    for (const movie of movies.results.slice(0, 10)) {
      const reviews = await h.rest(`/movie/${movie.id}/reviews`);
      if (reviews.results.length === 0) continue;
      const { body } = await h.query(
        `{ movie(id: ${movie.id}) { reviews { edges { node { authorDetails { avatarPath avatarUrl(size: W45) } } } } } }`,
      );
      expect(body.errors).toBeUndefined();
      expected.nodes(body.data.movie.reviews).forEach((review: any, i: number) => {
        const path: string | null = reviews.results[i].author_details.avatar_path;
        const { avatarUrl } = review.authorDetails;
        if (path === null) {
          expect(avatarUrl).toBeNull();
          checked.none++;
        } else if (path.startsWith('/https://')) {
          expect(avatarUrl).toBe(path.slice(1));
          expect(() => new URL(avatarUrl)).not.toThrow();
          checked.full++;
        } else {
          expect(avatarUrl).toMatch(new RegExp(`/w45${path.replace(/[.]/g, '\\.')}$`));
          checked.relative++;
        }
      });
    }
    expect(checked.full).toBeGreaterThan(0);
    expect(checked.relative).toBeGreaterThan(0);
    expect(checked.none).toBeGreaterThan(0);
  });

  it('gives image files a url and an id of their own (a global id of the file path)', async () => {
    const movie = (await h.rest('/movie/popular')).results[0];
    const images = await h.rest(`/movie/${movie.id}/images`);
    const { body } = await h.query(`{ movie(id: ${movie.id}) { images { posters { id filePath url(size: W342) } } } }`);
    const base = (await h.rest('/configuration')).images.secure_base_url;
    expect(body.data.movie.images.posters).toEqual(
      images.posters.map((p: any) => ({
        id: Buffer.from(`Image:${p.file_path}`).toString('base64url'),
        filePath: p.file_path,
        url: `${base}w342${p.file_path}`,
      })),
    );
  });
});
