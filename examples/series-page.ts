import type { Client } from '@urql/core';
import { graphql } from './gql/index.ts';

/** A series page: the series, its seasons, and one season opened down to its episodes. */
export const SeriesPageQuery = graphql(`
  query SeriesPage($id: Int!, $season: Int!) {
    tvSeries(id: $id) {
      databaseId
      id
      databaseId
      name
      overview
      firstAirDate
      numberOfSeasons
      networks {
        id
        databaseId
        databaseId
        name
      }
      seasons {
        databaseId
        id
        databaseId
        seasonNumber
        name
        episodeCount
      }
      season(number: $season) {
        databaseId
        id
        databaseId
        name
        seasonNumber
        posterUrl(size: W342)
        episodes {
          databaseId
          id
          databaseId
          episodeNumber
          name
          airDate
          runtime
          stillUrl(size: W300)
        }
        credits {
          id
          cast {
            id
            character
            person {
              databaseId
              id
              databaseId
              name
            }
          }
        }
      }
    }
  }
`);

export interface SeriesPage {
  name: string;
  networks: string[];
  /** `name`, `episodes`: null where the season record does not say (older answers) and its details cannot be loaded. */
  seasons: { number: number; name: string | null; episodes: number | null }[];
  opened: { name: string | null; episodes: { number: number; name: string; airDate: string | null }[]; cast: string[] } | null;
}

/** Loads a series with one season opened; null when the series does not exist. */
export async function loadSeriesPage(client: Client, id: number, season: number): Promise<SeriesPage | null> {
  const result = await client.query(SeriesPageQuery, { id, season }).toPromise();
  if (result.error) throw result.error;
  const series = result.data?.tvSeries;
  if (!series) return null;
  const opened = series.season;
  return {
    name: series.name,
    networks: (series.networks ?? []).map((network) => network.name),
    seasons: (series.seasons ?? []).map((one) => ({
      number: one.seasonNumber,
      name: one.name ?? null,
      episodes: one.episodeCount ?? null,
    })),
    opened: opened
      ? {
          name: opened.name ?? null,
          episodes: opened.episodes.map((episode) => ({
            number: episode.episodeNumber,
            name: episode.name,
            airDate: episode.airDate ?? null,
          })),
          cast: (opened.credits?.cast ?? []).map((credit) => `${credit.person.name} as ${credit.character}`),
        }
      : null,
  };
}
