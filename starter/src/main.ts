import * as apollo from './apollo.ts';
import * as urql from './urql.ts';

/**
 * Runs both clients against a gateway and prints what they read, as JSON:
 * `npm start -- http://localhost:4000/graphql 494 night`.
 */
const [url = 'http://localhost:4000/graphql', id = '494', words = 'night'] = process.argv.slice(2);
const apolloClient = apollo.createApolloClient(url);
const urqlClient = urql.createUrqlClient(url);
const result = {
  apollo: { movie: await apollo.moviePage(apolloClient, Number(id)), search: await apollo.searchAll(apolloClient, words) },
  urql: { movie: await urql.moviePage(urqlClient, Number(id)), search: await urql.searchAll(urqlClient, words) },
};
console.log(JSON.stringify(result));
