import { graphql } from '../fixtures/graphql.ts';

/** A list of the signed-in user, by the ID its `listId` answers. */
export const listWritesQuery = graphql`
  query ListWritesQuery($listId: ID!) {
    list(listId: $listId) {
      listId
      name
      itemCount
    }
  }
`;

/** Deleting it drops its record from the store: `@deleteRecord` on the deletion's id, no updater. */
export const listWritesDeleteMutation = graphql`
  mutation ListWritesDeleteMutation($listId: ID!) {
    deleteUserList(input: { userListId: $listId }) {
      deletedId @deleteRecord
    }
  }
`;
