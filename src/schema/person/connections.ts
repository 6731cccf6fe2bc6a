import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { Person } from './person.ts';
import { TaggedImage } from './tagged-image.ts';

/** A person's tagged images, a Relay cursor connection over the catalog's numbered pages. */

const TaggedImageConnection = connectionOf('TaggedImage', 'tagged images', TaggedImage);

builder.objectFields(Person, (t) => ({
  taggedImages: t.field({
    type: TaggedImageConnection,
    description:
      'Images of movies and series in which the person appears: stills, posters and backdrops, pictures the person is tagged in.',
    args: connectionArgs,
    nullable: true,
    complexity: connectionCost,
    resolve: (p, args, c, info) => connectPages(args, info, (page) => c.loaders.personTaggedImages.load({ personId: p.id, page })),
  }),
}));
