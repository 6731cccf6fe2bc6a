import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { TVSeries } from './ref.ts';

/** The latest series, and the time zone of the airing lists (tv/connections.ts). */

/** An IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"). */
export function timezone(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) {
    throw valid.badInput('timezone', 'must be an IANA time zone name such as "Europe/Paris".');
  }
  return value;
}

builder.queryFields((t) => ({
  latestTVSeries: t.field({
    type: TVSeries,
    nullable: true,
    description: 'The series most recently added to the catalog.',
    resolve: (_, __, c) => c.loaders.latestTVSeries.load({}),
  }),
}));
