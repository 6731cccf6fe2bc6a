import { graphql } from '../fixtures/graphql.ts';

/** A person's tagged images, paginated both ways (usePaginationFragment: loadNext and loadPrevious). */
export const taggedImagesFragment = graphql`
  fragment TaggedImages_person on Person
  @refetchable(queryName: "TaggedImagesPaginationQuery")
  @argumentDefinitions(
    first: { type: "Int" }
    after: { type: "String" }
    last: { type: "Int" }
    before: { type: "String" }
  ) {
    name
    taggedImages(first: $first, after: $after, last: $last, before: $before)
      @connection(key: "TaggedImages_taggedImages") {
      totalCount
      edges {
        node {
          databaseId
          filePath
        }
      }
    }
  }
`;

/** The screen's query, which may start in the middle of the list (a kept position). */
export const taggedImagesQuery = graphql`
  query TaggedImagesQuery($id: Int!, $after: String) {
    person(id: $id) {
      id
      ...TaggedImages_person @arguments(first: 2, after: $after)
    }
  }
`;
