export * from './gql.ts';
