/**
 * One of the last connections (a person's tagged images, issue 33 item 3) with the real
 * relay-compiler (test/relay/fixtures-feeds, the documented config) and relay-runtime's store:
 * loadNext appends to the store's connection, loadPrevious prepends, each sent over HTTP to the
 * gateway with the variables relay-runtime sends; a cursor of another connection is refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionHandler, type Environment, fetchQuery } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';
import { gatewayEnvironment } from './environment.ts';

let tmp: string;
let h: Harness;
let compiled: Compilation;
let person: number;
let all: string[];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-feeds-'));
  [compiled, h] = await Promise.all([compileFixtures(tmp, 'feeds', (config) => ({ ...config, src: './fixtures-feeds' })), startHarness()]);
  // The person in most credits has the most tagged images.
  const people = [...h.catalog.data.credits.people.entries()];
  const credits = ([, c]: (typeof people)[number]) => c.movieCast.length + c.tvCast.length;
  person = people.sort((a, b) => credits(b) - credits(a))[0]![0];
  all = (await h.rest(`/person/${person}/tagged_images`)).results.map((image: any) => image.id);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const environment = () => gatewayEnvironment(h.url);

/** The ids of the images the store's connection holds, in order, as an app's updater reads them. */
function held(env: Environment, nodeId: string): unknown[] {
  let ids: unknown[] = [];
  env.commitUpdate((store) => {
    const connection = ConnectionHandler.getConnection(store.get(nodeId)!, 'TaggedImages_taggedImages');
    ids = (connection?.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node')?.getValue('databaseId'));
  });
  return ids;
}

/** The variables relay-runtime's loadNext / loadPrevious send: one direction set, the other null. */
const loadNext = (count: number, cursor: string) => ({ first: count, after: cursor, last: null, before: null });
const loadPrevious = (count: number, cursor: string) => ({ first: null, after: null, last: count, before: cursor });

describe('relay-runtime pages a person’s tagged images', () => {
  it('compiles the connection as bidirectional', async () => {
    expect(compiled.code, compiled.output).toBe(0);
    const fragment = await artifact(compiled, 'TaggedImages_person');
    expect(fragment.metadata.connection).toEqual([{ count: null, cursor: null, direction: 'bidirectional', path: ['taggedImages'] }]);
  });

  it('appends the next window to the store’s connection (loadNext) and prepends the one before (loadPrevious)', async () => {
    expect(all.length).toBeGreaterThan(5);
    const query = await artifact(compiled, 'TaggedImagesQuery');
    const pagination = (await artifact(compiled, 'TaggedImages_person')).metadata.refetch.operation;

    const env = environment();
    const first: any = await fetchQuery(env, query, { id: person }).toPromise();
    const nodeId = first.person.id;
    expect(held(env, nodeId)).toEqual(all.slice(0, 2));
    const cursorOf = (index: number) => Buffer.from(`Person.taggedImages:${index}`).toString('base64url');
    await fetchQuery(env, pagination, { id: nodeId, ...loadNext(3, cursorOf(1)) }).toPromise();
    expect(held(env, nodeId)).toEqual(all.slice(0, 5));

    // A screen that starts after the third image, then loads the two before it.
    const middle = environment();
    await fetchQuery(middle, query, { id: person, after: cursorOf(2) }).toPromise();
    expect(held(middle, nodeId)).toEqual(all.slice(3, 5));
    await fetchQuery(middle, pagination, { id: nodeId, ...loadPrevious(2, cursorOf(3)) }).toPromise();
    expect(held(middle, nodeId)).toEqual(all.slice(1, 5));
  });

  it('refuses a cursor of another connection in the pagination query', async () => {
    const pagination = (await artifact(compiled, 'TaggedImages_person')).metadata.refetch.operation;
    const nodeId = (await h.query(`{ person(id: ${person}) { id } }`)).body.data.person.id;
    const feed = await h.query('{ changes { id people(first: 1) { id pageInfo { id endCursor } } } }');
    const foreign = feed.body.data.changes.people.pageInfo.endCursor;
    const response = await h.query(pagination.params.text, { id: nodeId, ...loadNext(2, foreign) });
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions?.argument).toBe('after');
  });
});
