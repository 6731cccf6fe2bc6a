import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { federationLosses, schemaOf } from '../federation/federation-losses.ts';
import { checkChangelog, coordinateOf, deprecatedCoordinates } from './changelog.ts';
import { CriticalityLevel, diff } from '@graphql-inspector/core';

/**
 * Release 1.0.0 as CHANGELOG.md announces it. Its `### Breaking` names every breaking change
 * from 0.1.0 (schema/history/0.1.0.graphql) and from the graph served just before 1.0
 * (schema/history/before-1.0.graphql, deprecated fields included) to the released 1.0 schema
 * (schema/released.graphql); its `### Breaking on /subgraph` the subgraph's own, from the SDL
 * routers composed against before 1.0. Nothing deprecated before 1.0 is in it, and
 * docs/migrating-to-1.0.md names every coordinate 1.0 removed or changed.
 */
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const changelog = read('CHANGELOG.md');
const released = buildSchema(read('schema/released.graphql'));
const before = buildSchema(read('schema/history/before-1.0.graphql'));
const first = buildSchema(read('schema/history/0.1.0.graphql'));

describe('CHANGELOG.md, ## 1.0.0', () => {
  it('names every breaking change since 0.1.0 and since the graph served before 1.0, and no change that did not happen', async () => {
    const found = await checkChangelog([first, before], released, changelog, { release: '1.0.0' });
    expect(found.malformed).toEqual([]);
    expect(found.unnamed, 'breaking changes of 1.0 no bullet under ## 1.0.0 → ### Breaking names').toEqual([]);
    expect(found.stale, 'bullets under ## 1.0.0 → ### Breaking that name nothing that changed').toEqual([]);
  });

  it('removed everything deprecated before it, and deprecates nothing itself', async () => {
    const found = await checkChangelog([first, before], released, changelog, { release: '1.0.0' });
    expect(deprecatedCoordinates(before).length).toBeGreaterThan(50);
    expect(found.overdue).toEqual([]);
    expect(deprecatedCoordinates(released)).toEqual([]);
  });

  it('names every breaking change of the subgraph, keys included, under Breaking on /subgraph or Breaking', async () => {
    const beforeSdl = parse(read('schema/history/subgraph-before-1.0.graphql'));
    const releasedSdl = parse(read('schema/released-subgraph.graphql'));
    const found = await checkChangelog(schemaOf(beforeSdl), schemaOf(releasedSdl), changelog, {
      release: '1.0.0',
      section: 'Breaking on /subgraph',
      alsoNamedBy: 'Breaking',
      others: federationLosses(beforeSdl, releasedSdl),
    });
    expect(found.malformed).toEqual([]);
    expect(found.unnamed).toEqual([]);
    expect(found.stale).toEqual([]);
  });
});

describe('docs/migrating-to-1.0.md', () => {
  it('names every coordinate 1.0 removed or changed in a breaking way, in backticks', async () => {
    // Outside code blocks: their fences would pair the backticks wrongly.
    const guide = read('docs/migrating-to-1.0.md').replace(/```[\s\S]*?```/g, '');
    const named = new Set([...guide.matchAll(/`([^`]+)`/g)].map((match) => match[1]));
    const changes = (await diff(before, released)).filter((change) => change.criticality.level === CriticalityLevel.Breaking);
    expect(changes.length).toBeGreaterThan(100);
    expect([...new Set(changes.map(coordinateOf))].filter((coordinate) => !named.has(coordinate))).toEqual([]);
  });
});
