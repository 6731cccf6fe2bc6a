import { graphql } from '../fixtures/graphql.ts';

/**
 * The account page's lists: a paginated connection, and beside it the count, read from the
 * argument-less `lists` that a list write's `account` answers too.
 */
export const accountListsFragment = graphql`
  fragment AccountLists_account on Account {
    count: lists {
      totalCount
    }
    lists(first: 10) @connection(key: "AccountLists_lists") {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

export const accountListsQuery = graphql`
  query AccountListsQuery {
    viewer {
      id
      ...AccountLists_account
    }
  }
`;

/**
 * A new list goes first into the connection: `@prependEdge` on the payload's `listEdge`, the edge
 * the gateway made; its list's `account` refreshes the count. No updater.
 */
export const accountListsCreateMutation = graphql`
  mutation AccountListsCreateMutation($input: CreateListInput!, $connections: [ID!]!) {
    createList(input: $input) {
      clientMutationId
      listEdge @prependEdge(connections: $connections) {
        cursor
        node {
          id
          name
          account {
            id
            count: lists {
              totalCount
            }
          }
        }
      }
    }
  }
`;

/** A deleted list leaves the connection (`@deleteEdge`) and the store (`@deleteRecord`), and the answer's `account` refreshes the count. */
export const accountListsDeleteMutation = graphql`
  mutation AccountListsDeleteMutation($listId: ID!, $connections: [ID!]!) {
    deleteUserList(input: { userListId: $listId }) {
      deletedId @deleteEdge(connections: $connections) @deleteRecord
      account {
        id
        count: lists {
          totalCount
        }
      }
    }
  }
`;

/** A list's page: its entries, a paginated connection, and their count. */
export const listItemsQuery = graphql`
  query ListItemsQuery($listId: ID!) {
    list(listId: $listId) {
      id
      itemCount
      items(first: 10) @connection(key: "ListItems_items") {
        edges {
          node {
            ... on Movie {
              id
              title
            }
          }
        }
      }
    }
  }
`;

/** An added movie goes last into the list's entries (`@appendEdge` on `itemEdge`), the `list` refreshes the count. */
export const listItemsAddMutation = graphql`
  mutation ListItemsAddMutation($listId: ID!, $movieId: Int!, $connections: [ID!]!) {
    addMovieToList(input: { userListId: $listId, movieId: $movieId }) {
      list {
        id
        itemCount
      }
      itemEdge @appendEdge(connections: $connections) {
        cursor
        node {
          ... on Movie {
            id
            title
          }
        }
      }
    }
  }
`;

/** A removed movie leaves the entries (`@deleteEdge` on `removedMovieId`); the movie's record stays, it is still a movie. */
export const listItemsRemoveMutation = graphql`
  mutation ListItemsRemoveMutation($listId: ID!, $movieId: Int!, $connections: [ID!]!) {
    removeMovieFromList(input: { userListId: $listId, movieId: $movieId }) {
      list {
        id
        itemCount
      }
      removedMovieId @deleteEdge(connections: $connections)
    }
  }
`;
