import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SeriesEpisodeQuery } from './__generated__/SeriesEpisodeQuery.graphql';
import type { SeriesQuery } from './__generated__/SeriesQuery.graphql';
import type { SeriesSeasonQuery } from './__generated__/SeriesSeasonQuery.graphql';

/** A series, its seasons, a season's episodes and one episode: three screens, each a link deeper. */
export function SeriesScreen({ seriesId }: { seriesId: number }) {
  const { tvSeries } = useLazyLoadQuery<SeriesQuery>(
    graphql`
      query SeriesQuery($seriesId: Int!) {
        tvSeries(id: $seriesId) {
          id
          name
          seasons {
            id
            seasonNumber
            name
          }
        }
      }
    `,
    { seriesId },
  );
  if (!tvSeries) return <p>No such series.</p>;
  return (
    <main>
      <h1>{tvSeries.name}</h1>
      <ul className="seasons">
        {tvSeries.seasons?.map((season) => (
          <li key={season.id}>
            <a href={`#/tv/${seriesId}/season/${season.seasonNumber}`}>{season.name}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function SeasonScreen({ seriesId, season }: { seriesId: number; season: number }) {
  const { tvSeries } = useLazyLoadQuery<SeriesSeasonQuery>(
    graphql`
      query SeriesSeasonQuery($seriesId: Int!, $season: Int!) {
        tvSeries(id: $seriesId) {
          id
          name
          season(number: $season) {
            id
            name
            episodesConnection(first: 50) {
              id
              edges {
                id
                node {
                  id
                  episodeNumber
                  name
                }
              }
            }
          }
        }
      }
    `,
    { seriesId, season },
  );
  if (!tvSeries?.season) return <p>No such season.</p>;
  return (
    <main>
      <p>{tvSeries.name}</p>
      <h1>{tvSeries.season.name}</h1>
      <ol className="episodes">
        {(tvSeries.season.episodesConnection?.edges ?? []).map(({ node }) => (
          <li key={node.id}>
            <a href={`#/tv/${seriesId}/season/${season}/episode/${node.episodeNumber}`}>{node.name}</a>
          </li>
        ))}
      </ol>
    </main>
  );
}

export function EpisodeScreen({ seriesId, season, episode }: { seriesId: number; season: number; episode: number }) {
  const { tvSeries } = useLazyLoadQuery<SeriesEpisodeQuery>(
    graphql`
      query SeriesEpisodeQuery($seriesId: Int!, $season: Int!, $episode: Int!) {
        tvSeries(id: $seriesId) {
          id
          name
          season(number: $season) {
            id
            name
            episode(number: $episode) {
              id
              name
              airDate
              overview
            }
          }
        }
      }
    `,
    { seriesId, season, episode },
  );
  const found = tvSeries?.season?.episode;
  if (!found) return <p>No such episode.</p>;
  return (
    <main>
      <p>
        {tvSeries.name} · {tvSeries.season?.name}
      </p>
      <h1>{found.name}</h1>
      <p className="air-date">{found.airDate}</p>
      <p>{found.overview}</p>
    </main>
  );
}
