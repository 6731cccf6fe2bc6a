import {
  commitMutation,
  Environment,
  type GraphQLResponse,
  type GraphQLTaggedNode,
  Network,
  RecordSource,
  type RequestParameters,
  Store,
  type Variables,
} from 'relay-runtime';

/**
 * An app's Relay environment with Relay's defaults (records keyed by `id`): the network POSTs each operation's text to the gateway, with the headers given (a session's).
 */
export function gatewayEnvironment(url: string, headers: Record<string, string> = {}): Environment {
  const post = async (params: RequestParameters, variables: Variables): Promise<GraphQLResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: params.text, variables }),
    });
    return response.json();
  };
  return new Environment({ network: Network.create(post), store: new Store(new RecordSource()) });
}

/** A mutation committed as an app commits it: its answer as the app reads it; rejects with the answer's errors. */
export function commit(env: Environment, mutation: GraphQLTaggedNode, variables: Variables): Promise<unknown> {
  return new Promise((done, fail) =>
    commitMutation(env, { mutation, variables, onCompleted: (answer, errors) => (errors ? fail(errors) : done(answer)), onError: fail }),
  );
}
