import type * as Up from '../types.ts';
import type * as P from '../types/people.ts';
import { param } from '../paths.ts';
import { resource, type EpisodeKey, type Language, type MovieKey, type Paging, type SeasonKey, type SeriesKey } from './define.ts';

type PersonKey = { personId: number };
const person = (p: PersonKey, ...rest: string[]) => ['person', p.personId, ...rest];

/** People, their sub-resources and lists, and the credits of movies, series, seasons and episodes. */
export const peopleResources = {
  person: resource<PersonKey & Language, P.PersonDetails>((p) => ({ path: person(p), query: { language: p.language } })),
  personMovieCredits: resource<PersonKey & Language, P.PersonMovieCredits>((p) => ({
    path: person(p, 'movie_credits'),
    query: { language: p.language },
  })),
  personTVCredits: resource<PersonKey & Language, P.PersonTVCredits>((p) => ({
    path: person(p, 'tv_credits'),
    query: { language: p.language },
  })),
  personCombinedCredits: resource<PersonKey & Language, P.PersonCombinedCredits>((p) => ({
    path: person(p, 'combined_credits'),
    query: { language: p.language },
  })),
  personImages: resource<PersonKey, P.PersonImages>((p) => ({ path: person(p, 'images') })),
  personTaggedImages: resource<PersonKey & { page?: number }, P.TaggedImagePage>((p) => ({
    path: person(p, 'tagged_images'),
    query: { page: p.page },
  })),
  personExternalIds: resource<PersonKey, Up.ExternalIds>((p) => ({ path: person(p, 'external_ids') })),
  personTranslations: resource<PersonKey, P.PersonTranslations>((p) => ({ path: person(p, 'translations') })),
  personChanges: resource<PersonKey & { startDate?: string; endDate?: string; page?: number }, { changes: Up.ChangeGroup[] }>(
    (p) => ({ path: person(p, 'changes'), query: { start_date: p.startDate, end_date: p.endDate, page: p.page } }),
  ),
  popularPeople: resource<Paging, Up.Page<P.PersonListItem>>((p) => ({
    path: ['person', 'popular'],
    query: { language: p.language, page: p.page },
  })),
  latestPerson: resource<Record<string, never>, P.PersonDetails>(() => ({ path: ['person', 'latest'] })),
  trendingPeople: resource<Paging & { timeWindow: 'day' | 'week' }, Up.Page<P.PersonListItem>>((p) => ({
    path: ['trending', 'person', p.timeWindow],
    query: { language: p.language, page: p.page },
  })),
  searchPeople: resource<Paging & { query: string; includeAdult?: boolean }, Up.Page<P.PersonListItem>>((p) => ({
    path: ['search', 'person'],
    query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  credit: resource<{ creditId: string } & Language, P.CreditDetails>((p) => ({
    path: ['credit', param(p.creditId)],
    query: { language: p.language },
  })),
  movieCredits: resource<MovieKey & Language, P.Credits>((p) => ({
    path: ['movie', p.movieId, 'credits'],
    query: { language: p.language },
  })),
  tvSeriesCredits: resource<SeriesKey & Language, P.Credits>((p) => ({
    path: ['tv', p.seriesId, 'credits'],
    query: { language: p.language },
  })),
  tvSeriesAggregateCredits: resource<SeriesKey & Language, P.AggregateCredits>((p) => ({
    path: ['tv', p.seriesId, 'aggregate_credits'],
    query: { language: p.language },
  })),
  seasonCredits: resource<SeasonKey & Language, P.Credits>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'credits'],
    query: { language: p.language },
  })),
  seasonAggregateCredits: resource<SeasonKey & Language, P.AggregateCredits>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'aggregate_credits'],
    query: { language: p.language },
  })),
  episodeCredits: resource<EpisodeKey & Language, P.EpisodeCredits>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber, 'credits'],
    query: { language: p.language },
  })),
};
