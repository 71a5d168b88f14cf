/**
 * FinishScript re-checks the joined script's spoken words against the accepted window
 * (acceptedWordRange, ±15 %) around the episode's target, the window a script written in
 * one call is sized and revised against, and fails with ScriptOutputError — the error of an
 * invalid single-call script — handing nothing on to synthesis. The chapter writer here is
 * a test double that plans like the Bedrock writer (chapter targets rescaled to add up to
 * targetWords(minutes, quality)) and writes chapters of a chosen length.
 */
import {
  acceptedWordRange,
  buildScriptPrompts,
  DEFAULT_HOSTS,
  parseScriptRequest,
  scaleWordTargets,
  ScriptOutputError,
  targetWords,
  type PodcastScript,
  type ScriptChapter,
  type ScriptOutline,
  type ScriptPartsWriter,
  type ScriptPlan,
  type ScriptRequest,
  type ScriptWriter,
} from '@lumcast/script-generation';
import { buildWriteScriptHandler } from '../src/composition/handler-builders';
import { JobsTable } from '../src/jobs/jobs-table';
import { SeriesMemory } from '../src/series/series-memory';
import { objectKeys } from '../src/ports/object-store';
import { createFinishScriptStep } from '../src/steps/finish-script';
import { createWriteChapterStep } from '../src/steps/write-chapter';
import { LinkSourceFetcher } from '../src/sources/link-source-fetcher';
import { createWriteOutlineStep } from '../src/steps/write-outline';
import type { ScriptArtifact } from '../src/steps/store-script-for-synthesis';
import { MemoryObjectStore, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

const CHAPTERS = 5;
const MINUTES = 30;
const QUALITY = 'neural' as const;
const TARGET = targetWords(MINUTES, QUALITY);
const WINDOW = acceptedWordRange(TARGET);

/**
 * Plans `CHAPTERS` chapters whose targets add up to the episode's target, as
 * BedrockScriptWriter does, and writes chapters that add up to `totalWords` spoken words.
 */
class SizedChapterWriter implements ScriptWriter, ScriptPartsWriter {
  readonly written: number[] = [];

  constructor(private readonly totalWords: number) {}

  async write(_request: ScriptRequest): Promise<PodcastScript> {
    throw new Error('a chapters plan never writes a whole script');
  }

  async planScript(request: ScriptRequest): Promise<ScriptPlan> {
    const targets = scaleWordTargets(
      Array.from({ length: CHAPTERS }, () => 1),
      targetWords(request.minutes, request.quality),
    );
    return {
      kind: 'chapters',
      outline: {
        title: 'Tides',
        summary: 'Why the sea rises and falls twice a day.',
        hosts: [{ name: DEFAULT_HOSTS[0] }, { name: DEFAULT_HOSTS[1] }],
        keyPoints: ['The moon pulls the oceans.'],
        chapters: targets.map((words, index) => ({
          title: `Chapter ${index + 1}`,
          brief: `Part ${index + 1} of the story.`,
          targetWords: words,
        })),
      },
    };
  }

  async writeChapter(
    _request: ScriptRequest,
    outline: ScriptOutline,
    index: number,
  ): Promise<ScriptChapter> {
    const words = scaleWordTargets(
      Array.from({ length: CHAPTERS }, () => 1),
      this.totalWords,
    )[index] as number;
    this.written.push(index);
    const segments = [];
    for (let left = words, turn = 0; left > 0; turn += 1) {
      const count = Math.min(40, left);
      segments.push({
        speaker: DEFAULT_HOSTS[turn % 2] as string,
        text: Array.from({ length: count }, () => 'tide').join(' ') + '.',
      });
      left -= count;
    }
    return { title: outline.chapters[index]?.title ?? '', segments };
  }
}

let dynamo: TestDynamo;
let jobs: JobsTable;
let store: MemoryObjectStore;
let seriesMemory: SeriesMemory;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({
    client: dynamo.client,
    tableName: TABLES.jobs,
    now: () => new Date(Date.UTC(2026, 11, 3, 9, 0, 0)),
  });
  store = new MemoryObjectStore();
  seriesMemory = new SeriesMemory({ client: dynamo.client, tableName: TABLES.series });
});
afterAll(() => dynamo.close());

/** A 30-minute job taken through WriteOutline and every WriteChapter by a writer of `totalWords`. */
async function writtenInParts(totalWords: number) {
  const writer = new SizedChapterWriter(totalWords);
  const deps = {
    jobs,
    store,
    writer,
    seriesMemory,
    sources: new LinkSourceFetcher(),
    maxChunkChars: 3_000,
    speechEngine: 'espeak-ng' as const,
  };
  const job = queuedJob({ minutes: MINUTES, quality: QUALITY });
  await jobs.create(job);
  const ref = { userId: job.userId, jobId: job.jobId };
  const { parts } = await createWriteOutlineStep(deps)(ref);
  for (const part of parts) await createWriteChapterStep(deps)({ ...ref, part });
  expect(writer.written).toEqual(Array.from({ length: CHAPTERS }, (_, index) => index));
  return { ref, deps, finish: () => createFinishScriptStep(deps)(ref) };
}

/** Expects FinishScript to have handed nothing on: no script artifact, the job not synthesizing. */
async function expectNothingHandedOn(ref: { userId: string; jobId: string }) {
  expect(store.objects.has(objectKeys.script(ref.userId, ref.jobId))).toBe(false);
  const job = await jobs.get(ref.userId, ref.jobId);
  expect(job).toMatchObject({ status: 'writing_script' });
  expect(job?.totalChunks).toBeUndefined();
}

describe('createFinishScriptStep length check', () => {
  it('uses, in these tests, the window a single-call script of the same request is written to', () => {
    const request = parseScriptRequest({ topic: 'Tides', minutes: MINUTES, quality: QUALITY });
    expect(buildScriptPrompts(request)).toMatchObject({
      targetWords: TARGET,
      minWords: WINDOW.min,
      maxWords: WINDOW.max,
    });
  });

  it('fails with ScriptOutputError when every chapter comes back at half its target, and hands nothing on to synthesis', async () => {
    const { ref, finish } = await writtenInParts(Math.round(TARGET / 2));

    const error = await finish().then(
      () => undefined,
      (failure: unknown) => failure,
    );

    expect(error).toBeInstanceOf(ScriptOutputError);
    expect((error as ScriptOutputError).issues).toEqual([
      `chapters: the joined script has ${Math.round(TARGET / 2)} spoken words, outside the accepted ${WINDOW.min}–${WINDOW.max} around its target of ${TARGET}`,
    ]);
    await expectNothingHandedOn(ref);
  });

  it('fails with ScriptOutputError when every chapter comes back at one and a half times its target, and hands nothing on', async () => {
    const { ref, finish } = await writtenInParts(Math.round(TARGET * 1.5));
    await expect(finish()).rejects.toBeInstanceOf(ScriptOutputError);
    await expectNothingHandedOn(ref);
  });

  it('fails one word below the window and one word above it', async () => {
    for (const words of [WINDOW.min - 1, WINDOW.max + 1]) {
      const { ref, finish } = await writtenInParts(words);
      await expect(finish()).rejects.toThrow(
        `the joined script has ${words} spoken words, outside the accepted ${WINDOW.min}–${WINDOW.max}`,
      );
      await expectNothingHandedOn(ref);
    }
  });

  it('accepts a joined script exactly at either end of the window and hands its chunks on', async () => {
    for (const words of [WINDOW.min, WINDOW.max]) {
      const { ref, finish } = await writtenInParts(words);
      const output = await finish();

      const artifact = JSON.parse(
        new TextDecoder().decode(await store.get(objectKeys.script(ref.userId, ref.jobId))),
      ) as ScriptArtifact;
      expect(output.totalChunks).toBe(artifact.plan.length);
      expect(output.chunks.length).toBeGreaterThan(0);
      expect(await jobs.get(ref.userId, ref.jobId)).toMatchObject({ status: 'synthesizing' });
    }
  });

  it('reaches the state machine as ScriptOutputError by name through the write-script handler', async () => {
    const { ref, deps } = await writtenInParts(Math.round(TARGET / 2));
    await expect(buildWriteScriptHandler(deps)({ ...ref, phase: 'finish' })).rejects.toMatchObject({
      name: 'ScriptOutputError',
    });
    await expectNothingHandedOn(ref);
  });
});
