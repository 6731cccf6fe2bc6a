import { type FormEvent, useState } from 'react';
import { graphql, useFragment, useLazyLoadQuery, useMutation, usePaginationFragment } from 'react-relay';
import type { Account_lists$key } from './__generated__/Account_lists.graphql';
import type { Account_watchlistCount$key } from './__generated__/Account_watchlistCount.graphql';
import type { AccountCreateListMutation } from './__generated__/AccountCreateListMutation.graphql';
import type { AccountDeleteListMutation } from './__generated__/AccountDeleteListMutation.graphql';
import type { AccountQuery } from './__generated__/AccountQuery.graphql';
import type { AccountRequestTokenMutation } from './__generated__/AccountRequestTokenMutation.graphql';
import type { AccountSignInMutation } from './__generated__/AccountSignInMutation.graphql';

/** Signs in with the catalog account's user name and password: a request token, then a session. */
export function SignInScreen({ onSignIn }: { onSignIn: (sessionId: string) => void }) {
  const [requestToken] = useMutation<AccountRequestTokenMutation>(graphql`
    mutation AccountRequestTokenMutation {
      createRequestToken {
        requestToken {
          requestToken
        }
      }
    }
  `);
  const [signIn] = useMutation<AccountSignInMutation>(graphql`
    mutation AccountSignInMutation($username: String!, $password: String!, $requestToken: String!) {
      createSessionWithLogin(input: { username: $username, password: $password, requestToken: $requestToken }) {
        session {
          sessionId
        }
      }
    }
  `);
  const [failure, setFailure] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [username, password] = [String(form.get('username')), String(form.get('password'))];
    const failed = (error: Error) => setFailure(error.message);
    requestToken({
      variables: {},
      onError: failed,
      // A mutation that fails answers null with its error (every mutation is nullable).
      onCompleted: ({ createRequestToken }, errors) => {
        if (!createRequestToken) return setFailure(errors?.[0]?.message ?? 'No request token.');
        signIn({
          variables: { username, password, requestToken: createRequestToken.requestToken.requestToken },
          onError: failed,
          onCompleted: ({ createSessionWithLogin }, signInErrors) => {
            if (!createSessionWithLogin) return setFailure(signInErrors?.[0]?.message ?? 'The sign-in failed.');
            onSignIn(createSessionWithLogin.session.sessionId);
            location.hash = '#/account';
          },
        });
      },
    });
  };
  return (
    <main>
      <h1>Sign in</h1>
      <form onSubmit={submit}>
        <input name="username" aria-label="User name" autoComplete="username" required />
        <input name="password" aria-label="Password" type="password" autoComplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
      {failure && <p role="alert">{failure}</p>}
    </main>
  );
}

/** The signed-in account: its watchlist count, and its lists, which it creates and deletes. */
export function AccountScreen() {
  const { viewer } = useLazyLoadQuery<AccountQuery>(
    graphql`
      query AccountQuery {
        viewer {
          id
          username
          ...Account_watchlistCount
          ...Account_lists
        }
      }
    `,
    {},
  );
  if (!viewer) return <p>Not signed in.</p>;
  return (
    <main>
      <h1>{viewer.username}</h1>
      <WatchlistCount account={viewer} />
      <Lists account={viewer} />
    </main>
  );
}

function WatchlistCount({ account }: { account: Account_watchlistCount$key }) {
  // The watchlist write selects this fragment on the account it answers, which updates the count.
  const { watchlistMovies } = useFragment(
    graphql`
      fragment Account_watchlistCount on Account {
        id
        watchlistMovies(first: 1) {
          id
          totalCount
        }
      }
    `,
    account,
  );
  return <p className="watchlist-count">Movies on the watchlist: {watchlistMovies?.totalCount ?? 0}</p>;
}

function Lists({ account }: { account: Account_lists$key }) {
  const { data } = usePaginationFragment(
    graphql`
      fragment Account_lists on Account
      @refetchable(queryName: "AccountListsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        id
        lists(first: $first, after: $after) @connection(key: "Account_lists") {
          id
          __id
          edges {
            id
            node {
              id
              listId
              name
              itemCount
            }
          }
        }
      }
    `,
    account,
  );
  // The new list goes on top of the connection (@prependEdge on the edge the payload answers); a
  // deleted list's record is removed (@deleteRecord), which leaves its edge pointing at nothing:
  // such edges are skipped.
  const [create, creating] = useMutation<AccountCreateListMutation>(graphql`
    mutation AccountCreateListMutation($name: String!, $connections: [ID!]!) {
      createList(input: { name: $name }) {
        listEdge @prependEdge(connections: $connections) {
          cursor
          node {
            id
            listId
            name
            itemCount
          }
        }
      }
    }
  `);
  const [remove] = useMutation<AccountDeleteListMutation>(graphql`
    mutation AccountDeleteListMutation($listId: ID!) {
      deleteUserList(input: { userListId: $listId }) {
        deletedId @deleteRecord
      }
    }
  `);
  const connection = data.lists;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name'));
    create({ variables: { name, connections: connection ? [connection.__id] : [] }, onCompleted: () => form.reset() });
  };
  return (
    <section>
      <h2>Lists</h2>
      <form onSubmit={submit}>
        <input name="name" aria-label="New list" required />
        <button type="submit" disabled={creating}>
          Create list
        </button>
      </form>
      <ul className="lists">
        {(connection?.edges ?? []).map(
          ({ node }) =>
            node && (
              <li key={node.id}>
                <span className="name">{node.name}</span> ({node.itemCount}){' '}
                <button type="button" onClick={() => remove({ variables: { listId: node.listId } })}>
                  Delete
                </button>
              </li>
            ),
        )}
      </ul>
    </section>
  );
}
