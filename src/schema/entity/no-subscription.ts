import { type GraphQLNamedType, GraphQLSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, isUnionType } from 'graphql';

/**
 * The subgraph without the `Subscription` root and the types only it reaches (`CatalogChange`,
 * `ChangeKind`): a federation router does not route subscriptions to a subgraph over HTTP POST,
 * and a subgraph SDL that declared one would make composition ask for them. The change feeds'
 * stream is the plain graph's (`/graphql`, docs/operations.md); the subgraph's SDL stays as it was.
 */
export function withoutSubscription(schema: GraphQLSchema): GraphQLSchema {
  const subscription = schema.getSubscriptionType();
  if (!subscription) return schema;
  const config = schema.toConfig();
  const fromSubscription = reached([subscription]);
  // Everything else the schema holds, and what it reaches, stays: a type the subscription
  // shares with a query (`DateTime`) included.
  const kept = reached([
    ...config.types.filter((type) => !fromSubscription.has(type.name)),
    ...config.directives.flatMap((directive) => directive.args.map((arg) => getNamedType(arg.type))),
  ]);
  return new GraphQLSchema({
    ...config,
    subscription: undefined,
    types: config.types.filter((type) => kept.has(type.name)),
  });
}

/** The names of the types reachable from these: fields, arguments, interfaces, members, input fields. */
function reached(from: readonly GraphQLNamedType[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  for (let type = stack.pop(); type; type = stack.pop()) {
    if (seen.has(type.name)) continue;
    seen.add(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      stack.push(...type.getInterfaces());
      for (const field of Object.values(type.getFields())) {
        stack.push(getNamedType(field.type), ...field.args.map((arg) => getNamedType(arg.type)));
      }
    } else if (isUnionType(type)) stack.push(...type.getTypes());
    else if (isInputObjectType(type)) stack.push(...Object.values(type.getFields()).map((field) => getNamedType(field.type)));
  }
  return seen;
}
