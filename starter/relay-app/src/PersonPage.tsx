import { useTransition } from 'react';
import { graphql, useLazyLoadQuery, useRefetchableFragment } from 'react-relay';
import type { PersonPage_person$key } from './__generated__/PersonPage_person.graphql';
import type { PersonPageQuery } from './__generated__/PersonPageQuery.graphql';

/** A person reached by global id (`node(id:)`), as a deep link would; the biography is fetched on demand by refetching the fragment. */
export function PersonScreen({ id }: { id: string }) {
  const { node } = useLazyLoadQuery<PersonPageQuery>(
    graphql`
      query PersonPageQuery($id: ID!) {
        node(id: $id) {
          id
          ...PersonPage_person @alias(as: "person")
        }
      }
    `,
    { id },
  );
  // `person` is null when the id names something else than a person.
  return node?.person ? <PersonDetails person={node.person} /> : <p>No such person.</p>;
}

function PersonDetails({ person }: { person: PersonPage_person$key }) {
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment PersonPage_person on Person
      @refetchable(queryName: "PersonPageRefetchQuery")
      @argumentDefinitions(withBiography: { type: "Boolean", defaultValue: false }) {
        id
        name
        knownForDepartment
        biography @include(if: $withBiography)
      }
    `,
    person,
  );
  const [loading, startTransition] = useTransition();
  return (
    <main>
      <h1>{data.name}</h1>
      <p className="department">{data.knownForDepartment}</p>
      {data.biography === undefined ? (
        <button type="button" disabled={loading} onClick={() => startTransition(() => void refetch({ withBiography: true }))}>
          Show biography
        </button>
      ) : (
        <p className="biography">{data.biography}</p>
      )}
    </main>
  );
}
