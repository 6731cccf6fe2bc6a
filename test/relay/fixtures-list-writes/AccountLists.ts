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

/** A new list goes first into the connection (`@prependNode`), and its `account` refreshes the count: no updater. */
export const accountListsCreateMutation = graphql`
  mutation AccountListsCreateMutation($name: String!, $connections: [ID!]!) {
    createList(name: $name) @prependNode(connections: $connections, edgeTypeName: "UserListEdge") {
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
`;

/** A deleted list leaves the connection (`@deleteEdge`) and the store (`@deleteRecord`), and the answer's `account` refreshes the count. */
export const accountListsDeleteMutation = graphql`
  mutation AccountListsDeleteMutation($listId: ID!, $connections: [ID!]!) {
    deleteUserList(userListId: $listId) {
      deletedNodeId @deleteEdge(connections: $connections) @deleteRecord
      account {
        id
        count: lists {
          totalCount
        }
      }
    }
  }
`;
