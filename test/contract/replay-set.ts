import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import { compare, type Mismatch, NULL_NOTE } from './compare.ts';
import { normal } from './expect.ts';
import { planOperation, valueAt } from './plan.ts';
import { partAnswer, type RecordedFile, type RecordedPart, recordedCall } from './recorded.ts';
import { type ReplayServer, startReplayServer } from './replay-server.ts';
import { postPlanned, startContractGateway } from './run.ts';

/**
 * The graph against what the real service really sent (recorded/, recorded2/, recorded3/, see their READMEs):
 * each recorded answer, replayed by a test upstream, is read through the GraphQL fields that read
 * it, selecting every field the answer can fill and every non-null field of each object. An answer
 * is clean when no object or page is lost (no error, no null where the recording has a value) and
 * no upstream path is built from a missing value; faithful when, besides, every recorded value the
 * graph shows is the recorded one (with the normalisations of rules.ts). One set is replayed
 * among its own recordings only, as each was recorded apart.
 */
export function replaySet(recordedFiles: RecordedFile[], expected: { count: number; unread: string[] }) {
  let server: ReplayServer;

  let gateway: Awaited<ReturnType<typeof startContractGateway>>;
  const outcomes = new Map<string, { clean: boolean; faithful: boolean }>();

  beforeAll(async () => {
    server = await startReplayServer();
    gateway = await startContractGateway(server.baseUrl);
  });

  afterAll(async () => {
    const all = [...outcomes.values()];
    console.log(
      `recorded answers clean: ${all.filter((o) => o.clean).length}/${recordedFiles.length}\n` +
        `recorded values faithful: ${all.filter((o) => o.faithful).length}/${recordedFiles.length}`,
    );
    await gateway?.close();
    await server?.close();
  });

  /** A path segment made from a value that was missing: the gateway must refuse it before any call. */
  const badSegment = (segment: string) => segment === '' || /^(undefined|null|NaN)$/i.test(decodeURIComponent(segment));

  interface PartRun {
    problems: string[];
    values: string[];
  }

  async function readPart(file: RecordedFile, part: RecordedPart): Promise<PartRun> {
    const call = await recordedCall(file, part);
    // A season's or episode's sub-resource answer names the season's or episode's id, which the
    // graph reads from that season's or episode's details: where those were never recorded, the
    // replay cannot answer them, so that one id is not asked.
    let answer = partAnswer(file, part);
    const parentPath = file.path.split('/').slice(0, -1).join('/');
    const byNumber = part.key === '' && /\/season\/\d+(\/episode\/\d+)?$/.test(parentPath);
    if (byNumber && !recordedFiles.some((f) => f.path === parentPath) && answer && typeof answer === 'object' && 'id' in answer) {
      const { id: _, ...rest } = answer as Record<string, unknown>;
      answer = rest;
    }
    const plan = planOperation(schema, { ...part.op, example: answer }, call.query);
    const { body, errors: problems } = await postPlanned(gateway.url, call, plan.query);
    const mismatches: Mismatch[] = [];
    compare(plan.expected, valueAt(body.data, plan.anchor), mismatches);
    if (plan.parent) compare(plan.parent, valueAt(body.data, plan.anchor.slice(0, -1)), mismatches);
    const show = (m: Mismatch) =>
      `${normal(m.path) || '(answer)'} (${m.field}): ${m.note}; recorded ${JSON.stringify(m.example)}, graph ${JSON.stringify(m.actual)}`;
    const lost = mismatches.filter((m) => m.note === NULL_NOTE || m.note === 'list length differs');
    problems.push(...new Set(lost.map((m) => `lost: ${show(m)}`)));
    const values = [...new Set(mismatches.filter((m) => !lost.includes(m)).map(show))];
    return {
      problems: problems.map((p) => `${part.key || 'answer'} via ${plan.anchor.join('.')}: ${p}`),
      values: values.map((v) => `${part.key || 'answer'}: ${v}`),
    };
  }

  async function replay(file: RecordedFile) {
    // Around it, the other recordings: of a path recorded twice, the one of the same source.
    const source = (f: RecordedFile) => f.file.split('-')[0];
    const others = [...recordedFiles].sort((a, b) => Number(source(b) === source(file)) - Number(source(a) === source(file)));
    server.replay(file, others);
    const problems: string[] = [];
    const values: string[] = [];
    for (const part of file.parts) {
      const run = await readPart(file, part);
      problems.push(...run.problems);
      values.push(...run.values);
    }
    for (const c of server.calls.filter((c) => c.path.split('/').slice(1).some(badSegment))) {
      problems.push(`path built from a missing value: ${c.path}`);
    }
    if (!server.calls.some((c) => c.path === file.path && c.status === 200)) {
      problems.push(`${file.path} was not called (calls: ${server.calls.map((c) => `${c.path} ${c.status}`).join(', ') || 'none'})`);
    }
    return { problems, values };
  }

  describe('the graph against answers the real service really sent', () => {
    it('has an operation and a coverage entry for every recorded answer and appended part', () => {
      expect(recordedFiles).toHaveLength(expected.count);
      const unread = recordedFiles.flatMap((f) => f.unread.map((k) => `${f.file}: ${k}`));
      expect(unread).toEqual(expected.unread);
    });
    it.each(recordedFiles.map((f) => [`${f.file} (${f.path}${f.query ? `?${f.query}` : ''})`, f] as const))('%s', async (_, file) => {
      const { problems, values } = await replay(file);
      outcomes.set(file.file, { clean: problems.length === 0, faithful: problems.length === 0 && values.length === 0 });
      const report = [...problems, ...values.map((v) => `not faithful: ${v}`)];
      if (report.length > 0) expect.fail(`\n${report.join('\n')}`);
    });
  });
}
