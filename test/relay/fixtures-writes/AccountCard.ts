import { graphql } from '../fixtures/graphql.ts';

/** The signed-in user's card, refetchable by its global id (`node(id:)` selecting `id`). */
export const accountCardFragment = graphql`
  fragment AccountCard_account on Account @refetchable(queryName: "AccountCardRefetchQuery") {
    databaseId
    username
  }
`;

/** The screen that shows it. */
export const accountCardQuery = graphql`
  query AccountCardQuery {
    viewer {
      ...AccountCard_account
    }
  }
`;
