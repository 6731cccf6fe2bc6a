import type { GraphiQLOptions } from 'graphql-yoga';
import { fixGraphiQLPage } from './graphiql-page-fixes.ts';

/**
 * The GraphiQL page at /graphql: what it opens on, and where its assets come from.
 *
 * Yoga's built-in page loads GraphiQL's JavaScript and CSS from unpkg.com; without that CDN it
 * stays blank. @graphql-yoga/render-graphiql (Yoga's documented `renderGraphiQL` option) inlines
 * the same assets into the one HTML answer instead, so the page works on a machine with no
 * network. The examples' ids are the embedded catalog's, where every tab runs as it is (a test
 * holds them to that); on the real service they may name other records, or none.
 */

/**
 * The first tab: no credentials needed, the gateway's server token answers (the embedded
 * catalog's demo token under `npm start`); its one header asks for French.
 */
const tour = `# Welcome! Run this with the pink button (or Ctrl/Cmd + Enter).
# The docs (book icon, top left) describe every type and field;
# Ctrl + Space in the editor suggests the fields that fit there.
#
# One request, many upstream calls: upcoming movies with their
# posters, this week's trending movies, a review and its movie,
# a series down to an episode.
#
# Lists are connections: \`first\` items, then the next ones
# \`after\` the \`pageInfo.endCursor\` of the answer.
#
# Languages: the Headers tab (below) asks for French with
# Accept-Language, so every text comes in French where the catalog
# has a translation; a \`language\` argument chooses for its own
# subtree (the series below is in Spanish).
query Tour {
  upcomingMovies(first: 10, region: "US") {
    id
    dates { id minimum maximum }
    totalCount
    pageInfo { id hasNextPage endCursor }
    edges {
      id
      node {
        databaseId
        id
        title
        releaseDate
        # The poster's address, in one of the PosterSize widths.
        posterUrl(size: W342)
      }
    }
  }
  trending {
    id
    movies(timeWindow: WEEK, first: 5) {
      id
      edges { id node { id title voteAverage } }
    }
  }
  review(id: "5506acb224e87c41347aff62") {
    id
    author
    authorDetails { id rating }
    content
    media {
      __typename
      ... on Movie { id title releaseDate }
      ... on TVSeries { id name firstAirDate }
    }
  }
  tvSeries(id: 1169, language: "es-ES") {
    id
    name
    firstAirDate
    networks { id name }
    season(number: 1) {
      id
      name
      airDate
      episode(number: 1) {
        id
        name
        airDate
        overview
        guestStars { id character person { id name } }
      }
    }
  }
}
`;

/** Headers of the tour: the request's language, as a browser sends it. */
const tourHeaders = `{
  "Accept-Language": "fr-FR"
}
`;

/** Headers of the account tab: placeholders only, which the catalog rejects until replaced. */
const accountHeaders = `{
  "Authorization": "Bearer <PLACEHOLDER: your read access token>",
  "X-Session-Id": "<PLACEHOLDER: a sessionId from the SignIn tab>"
}
`;

const account = `# Your account: who you are, what you rated and put on your
# watchlist, and your marks on one movie and one episode.
# This needs a user session: open Headers (below) and replace
# both placeholders.
#   Authorization: your own access token. Delete this line when
#     the gateway has a server token (npm start has one).
#   X-Session-Id: a sessionId from the SignIn tab.
# Run with the placeholders, it fails with UNAUTHENTICATED.
query YourAccount {
  viewer {
    id
    username
    name
    ratedMovies(first: 10) {
      id
      totalCount
      edges { id node { id movie { id title accountStates { id rating } } } }
    }
    watchlistMovies(first: 10, sortBy: CREATED_AT_DESC) {
      id
      totalCount
      edges { id node { id title } }
    }
  }
  movie(id: 494) {
    id
    title
    accountStates { id rating watchlist favorite }
  }
  tvSeries(id: 1169) {
    id
    name
    season(number: 1) {
      id
      episode(number: 1) { id name accountStates { id rating } }
    }
  }
}
`;

const signIn = `# A user session in two steps, for X-Session-Id:
# 1. Run SignIn (the run button asks which operation) and open
#    approvalUrl to approve the token (on the embedded catalog,
#    opening the page approves it).
# 2. Put requestToken into Variables (below), run FinishSignIn.
mutation SignIn {
  createRequestToken { requestToken { requestToken approvalUrl expiresAt } }
}

mutation FinishSignIn($requestToken: String!) {
  createSession(input: { requestToken: $requestToken }) { session { sessionId success } }
}
`;

const signInVariables = `{
  "requestToken": "<PLACEHOLDER: requestToken from step 1>"
}
`;

const review = `# Variables (below) fill $id. A review, its movie, the cast
# linking to people and on to their other movies: each link
# is a field to select, not an id to look up.
query Review($id: ID!) {
  review(id: $id) {
    id
    author
    createdAt
    media {
      __typename
      ... on Movie {
        id
        title
        credits {
          id
          cast {
            id
            character
            person { id name movieCredits { id cast { id movie { id title } } } }
          }
        }
      }
      ... on TVSeries { id name }
    }
  }
}
`;

const discover = `# Search, discover with filters, and what is trending this week
# across movies, series and people. Each list is a connection:
# ask the next window with \`after: "<pageInfo.endCursor>"\`.
query SearchAndDiscover {
  search {
    id
    movies(query: "night", first: 10) {
      id
      totalCount
      pageInfo { id hasNextPage endCursor }
      edges { id node { id title releaseDate } }
    }
  }
  discover {
    id
    movies(
      filter: { withGenres: { ids: [28, 12], match: ANY }, voteAverageGte: 7 }
      sortBy: VOTE_AVERAGE_DESC
      first: 10
    ) {
      id
      edges { id node { id title voteAverage } }
    }
  }
  trending {
    id
    all(timeWindow: WEEK, first: 10) {
      id
      edges {
        id
        node {
          __typename
          ... on Movie { id title }
          ... on TVSeries { id name }
          ... on Person { id name }
        }
      }
    }
  }
}
`;

/** The example tabs, in their order on the page; named, so a test can run each one on the embedded catalog. */
export const examples = {
  tour: { query: tour, headers: tourHeaders },
  account: { query: account, headers: accountHeaders },
  signIn: { query: signIn, variables: signInVariables },
  review: { query: review, variables: '{ "id": "5506acb224e87c41347aff62" }' },
  discover: { query: discover },
};

export const graphiqlOptions: GraphiQLOptions = {
  title: 'Media Catalog GraphQL',
  // Used only while the browser has no tabs stored from an earlier visit; the first one opens.
  defaultTabs: Object.values(examples),
  // No `headers`: every new tab would copy them (graphiql-page-fixes.ts).
};

let rendered: { key: string; page: Promise<Uint8Array<ArrayBuffer>> } | undefined;

/**
 * Renders the page with its assets inlined. The package is loaded on the first request for the
 * page, never at start (it weighs 9 MB, and production turns GraphiQL off); the page, the same
 * for every visitor, is built once and kept as bytes.
 */
export function renderGraphiQLPage(options: GraphiQLOptions): Promise<Uint8Array<ArrayBuffer>> {
  const key = JSON.stringify(options);
  if (rendered?.key !== key) {
    const page = import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) =>
      new TextEncoder().encode(fixGraphiQLPage(renderGraphiQL(options))),
    );
    // A failed load is not kept: the next request tries again.
    page.catch(() => {
      if (rendered?.page === page) rendered = undefined;
    });
    rendered = { key, page };
  }
  return rendered.page;
}
