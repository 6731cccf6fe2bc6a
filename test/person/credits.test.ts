import { describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes } from '../helpers.ts';
import { actorId, h, movieId, PERSON_SUMMARY, personSummary, seriesId, usePeopleFixture } from './fixture.ts';

usePeopleFixture();

const CAST = `creditId character order castId person { ${PERSON_SUMMARY} }`;
const CREW = `creditId department job person { ${PERSON_SUMMARY} }`;
const cast = (c: any) => ({
  creditId: c.credit_id,
  character: c.character,
  order: c.order,
  castId: c.cast_id ?? null,
  person: personSummary(c),
});
const crew = (c: any) => ({ creditId: c.credit_id, department: c.department, job: c.job, person: personSummary(c) });

const AGGREGATE = `cast { roles { creditId character episodeCount } totalEpisodeCount order person { ${PERSON_SUMMARY} } }
  crew { department jobs { creditId job episodeCount } totalEpisodeCount person { ${PERSON_SUMMARY} } }`;
function aggregate(a: any) {
  return {
    cast: a.cast.map((c: any) => ({
      roles: c.roles.map((r: any) => ({ creditId: r.credit_id, character: r.character, episodeCount: r.episode_count })),
      totalEpisodeCount: c.total_episode_count,
      order: c.order,
      person: personSummary(c),
    })),
    crew: a.crew.map((c: any) => ({
      department: c.department,
      jobs: c.jobs.map((j: any) => ({ creditId: j.credit_id, job: j.job, episodeCount: j.episode_count })),
      totalEpisodeCount: c.total_episode_count,
      person: personSummary(c),
    })),
  };
}

describe('credits are the same records everywhere', () => {
  it("a person's movie credits are exactly the movies' cast and crew entries for that person", async () => {
    const personCredits = await h.rest(`/person/${actorId}/movie_credits`);
    for (const credit of personCredits.cast) {
      const movieCredits = await h.rest(`/movie/${credit.id}/credits`);
      const entry = movieCredits.cast.find((c: any) => c.credit_id === credit.credit_id);
      expect(entry).toMatchObject({ id: actorId, character: credit.character, order: credit.order });
    }
    // And back: every movie whose cast names the person is in the person's credits.
    const { data } = h.catalog;
    const movies = [...data.credits.movies.entries()].filter(([, c]) => c.cast.some((m) => m.id === actorId)).map(([id]) => id);
    expect([...new Set(personCredits.cast.map((c: any) => c.id))].sort()).toEqual([...new Set(movies)].sort());
  });

  it("a movie's crew members list the movie among their crew credits", async () => {
    const movieCredits = await h.rest(`/movie/${movieId}/credits`);
    for (const member of movieCredits.crew) {
      const theirs = await h.rest(`/person/${member.id}/movie_credits`);
      expect(theirs.crew.find((c: any) => c.credit_id === member.credit_id)).toMatchObject({ id: movieId, job: member.job });
    }
  });

  it("a person's TV credits are the series' aggregate roles and jobs", async () => {
    const personCredits = await h.rest(`/person/${actorId}/tv_credits`);
    for (const credit of personCredits.cast) {
      const agg = await h.rest(`/tv/${credit.id}/aggregate_credits`);
      const member = agg.cast.find((c: any) => c.id === actorId);
      expect(member.roles).toContainEqual({
        credit_id: credit.credit_id,
        character: credit.character,
        episode_count: credit.episode_count,
      });
    }
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    for (const member of agg.crew.slice(0, 3)) {
      const theirs = await h.rest(`/person/${member.id}/tv_credits`);
      for (const job of member.jobs) {
        expect(theirs.crew).toContainEqual(
          expect.objectContaining({ id: seriesId, credit_id: job.credit_id, episode_count: job.episode_count }),
        );
      }
    }
  });

  it('aggregate credits sum the episode credits; episode credits carry the episode crew and guest stars', async () => {
    const series = await h.rest(`/tv/${seriesId}`);
    const counts = new Map<number, Set<number>>();
    for (const s of series.seasons) {
      const season = await h.rest(`/tv/${seriesId}/season/${s.season_number}`);
      for (const ep of season.episodes) {
        const credits = await h.rest(`/tv/${seriesId}/season/${s.season_number}/episode/${ep.episode_number}/credits`);
        expect(credits.crew).toEqual(ep.crew);
        expect(credits.guest_stars).toEqual(ep.guest_stars);
        for (const c of [...credits.cast, ...credits.guest_stars]) {
          if (!counts.has(c.id)) counts.set(c.id, new Set());
          counts.get(c.id)!.add(ep.id);
        }
      }
    }
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    expect(new Map(agg.cast.map((c: any) => [c.id, c.total_episode_count]))).toEqual(
      new Map([...counts].map(([id, episodes]) => [id, episodes.size])),
    );
  });
});

describe('credits of movies, series, seasons and episodes', () => {
  it('Movie.credits: field by field, people linked without person calls, details on demand once each', async () => {
    const up = await h.rest(`/movie/${movieId}/credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { movie(id: $id) { credits { cast { ${CAST} } crew { ${CREW} } } } }`, {
      id: movieId,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.credits).toEqual({ cast: up.cast.map(cast), crew: up.crew.map(crew) });
    // The object named by its key waits for its details, which tell whether it exists (kit/details.ts);
    // the tests' harness merges no calls, so that is a call of its own.
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/movie/${movieId}/credits`, `/movie/${movieId}`]);

    h.catalog.resetCalls();
    const more = await h.query(
      `query($id: Int!) { movie(id: $id) { credits { cast { person { biography movieCredits { cast { movie { id: databaseId } } } } } } } }`,
      { id: movieId },
    );
    expect(more.body.errors).toBeUndefined();
    for (const entry of more.body.data.movie.credits.cast) {
      expect(entry.person.movieCredits.cast.map((c: any) => c.movie.id)).toContain(movieId);
    }
    const people = new Set(up.cast.map((c: any) => c.id));
    expect(h.callsTo(/^\/person\/\d+$/)).toBe(people.size);
    expect(h.callsTo(/^\/person\/\d+\/movie_credits$/)).toBe(people.size);
    expect(h.callsTo(`/movie/${movieId}/credits`)).toBe(1);
  });

  it('TVSeries.credits and aggregateCredits', async () => {
    const credits = await h.rest(`/tv/${seriesId}/credits`);
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { credits { cast { ${CAST} } crew { ${CREW} } } aggregateCredits { ${AGGREGATE} } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.credits).toEqual({ cast: credits.cast.map(cast), crew: credits.crew.map(crew) });
    expect(body.data.tvSeries.aggregateCredits).toEqual(aggregate(agg));
    // The object named by its key waits for its details, which tell whether it exists (kit/details.ts);
    // the tests' harness merges no calls, so that is a call of its own.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/tv/${seriesId}`,
      `/tv/${seriesId}/aggregate_credits`,
      `/tv/${seriesId}/credits`,
    ]);
  });

  it('Season.credits, Season.aggregateCredits and Episode.credits with guest stars', async () => {
    const base = `/tv/${seriesId}/season/1`;
    const credits = await h.rest(`${base}/credits`);
    const agg = await h.rest(`${base}/aggregate_credits`);
    const episode = await h.rest(`${base}/episode/1/credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { season(number: 1) {
        credits { cast { ${CAST} } crew { ${CREW} } } aggregateCredits { ${AGGREGATE} }
        episode(number: 1) { credits { cast { ${CAST} } crew { ${CREW} } guestStars { ${CAST} } } } } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    const season = body.data.tvSeries.season;
    expect(season.credits).toEqual({ cast: credits.cast.map(cast), crew: credits.crew.map(crew) });
    expect(season.aggregateCredits).toEqual(aggregate(agg));
    expect(season.episode.credits).toEqual({
      cast: episode.cast.map(cast),
      crew: episode.crew.map(crew),
      guestStars: episode.guest_stars.map(cast),
    });
    // The object named by its key waits for its details, which tell whether it exists (kit/details.ts);
    // the tests' harness merges no calls, so that is a call of its own.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/tv/${seriesId}`,
      base,
      `${base}/aggregate_credits`,
      `${base}/credits`,
      `${base}/episode/1`,
      `${base}/episode/1/credits`,
    ]);
  });
});

describe('TVSeries.createdBy', () => {
  it('links the creators to people, carrying their summary; their credits name the series', async () => {
    const series = h.catalog.data.tvSeries.find((s) => s.created_by.length > 0)!;
    const up = await h.rest(`/tv/${series.id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { createdBy { creditId person { id: databaseId name gender profilePath } } } }`,
      { id: series.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.createdBy).toEqual(
      up.created_by.map((c: any) => ({
        creditId: c.credit_id,
        person: { id: c.id, name: c.name, gender: expected.genderName(c.gender), profilePath: c.profile_path },
      })),
    );
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${series.id}`]);
    for (const creator of up.created_by) {
      const credit = await h.rest(`/credit/${creator.credit_id}`);
      expect(credit).toMatchObject({
        credit_type: 'crew',
        job: 'Creator',
        media_type: 'tv',
        media: { id: series.id },
        person: { id: creator.id },
      });
      const theirs = await h.rest(`/person/${creator.id}/tv_credits`);
      expect(theirs.crew).toContainEqual(expect.objectContaining({ id: series.id, credit_id: creator.credit_id, job: 'Creator' }));
      const seriesCredits = await h.rest(`/tv/${series.id}/credits`);
      expect(seriesCredits.crew).toContainEqual(expect.objectContaining({ id: creator.id, credit_id: creator.credit_id, job: 'Creator' }));
    }
  });
});

describe('Query.credit', () => {
  it('resolves a movie cast credit with its movie and person carried', async () => {
    const movieCredits = await h.rest(`/movie/${movieId}/credits`);
    const id = movieCredits.cast[0].credit_id;
    const up = await h.rest(`/credit/${id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: ID!) { credit(id: $id) { id: creditId creditType department job character mediaType
        movie { ${expected.MOVIE_SUMMARY_FIELDS} } series { id: databaseId } seasons { id: databaseId } episodes { id: databaseId } person { ${PERSON_SUMMARY} } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.credit).toEqual({
      id,
      creditType: 'CAST',
      department: 'Actors',
      job: 'Actor',
      character: movieCredits.cast[0].character,
      mediaType: 'MOVIE',
      movie: expected.movieSummary(up.media),
      series: null,
      seasons: [],
      episodes: [],
      person: personSummary(up.person),
    });
    expect(body.data.credit.person.id).toBe(movieCredits.cast[0].id);
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/credit/${id}`]);
  });

  it('resolves a guest star credit with its series, season and episode', async () => {
    const { data } = h.catalog;
    const season = data.seasons.get(seriesId)!.find((s) => s.episodes.some((e) => e.guest_stars.length))!;
    const ep = season.episodes.find((e) => e.guest_stars.length)!;
    const guest = ep.guest_stars[0];
    const { body } = await h.query(
      `query($id: ID!) { credit(id: $id) { creditType character mediaType series { id: databaseId name } movie { id: databaseId }
        seasons { seasonNumber id: databaseId } episodes { id: databaseId seasonNumber episodeNumber name } person { id: databaseId name } } }`,
      { id: guest.credit_id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.credit).toEqual({
      creditType: 'CAST',
      character: guest.character,
      mediaType: 'TV',
      series: { id: seriesId, name: data.tvSeries.find((s) => s.id === seriesId)!.name },
      movie: null,
      seasons: [{ seasonNumber: season.season_number, id: season.id }],
      episodes: [{ id: ep.id, seasonNumber: ep.season_number, episodeNumber: ep.episode_number, name: ep.name }],
      person: { id: guest.id, name: guest.name },
    });
    expect(h.callsTo(/^\/tv\//)).toBe(0);
  });

  it('is null with NOT_FOUND for an unknown credit', async () => {
    const response = await h.query('{ credit(id: "000000000000000000000000") { id: creditId } }');
    expect(response.body.data.credit).toBeNull();
    expect(errorCodes(response)).toEqual(['NOT_FOUND']);
  });
});
