import {
  OfflineScriptWriter,
  podcastScriptSchema,
  ScriptInputError,
  type ScriptOutline,
} from '@lumcast/script-generation';
import type { SourceFetcher } from '../src/ports/source-fetcher';
import { SeriesMemory } from '../src/series/series-memory';
import { buildWriteScriptHandler } from '../src/composition/handler-builders';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { createFinishScriptStep } from '../src/steps/finish-script';
import { storedOutlineSchema } from '../src/steps/script-part-inputs';
import { JobStateError, SourceLinkError, StepInputError } from '../src/errors';
import { createWriteChapterStep } from '../src/steps/write-chapter';
import { createWriteOutlineStep } from '../src/steps/write-outline';
import type { ScriptArtifact } from '../src/steps/store-script-for-synthesis';
import { createWriteScriptStep } from '../src/steps/write-script';
import { MemoryObjectStore, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

const MAX_CHUNK_CHARS = 3_000;
const fixedNow = () => new Date(Date.UTC(2026, 11, 3, 9, 0, 0));

let dynamo: TestDynamo;
let jobs: JobsTable;
let store: MemoryObjectStore;
let seriesMemory: SeriesMemory;
const writer = new OfflineScriptWriter();

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs, now: fixedNow });
  store = new MemoryObjectStore();
  seriesMemory = new SeriesMemory({ client: dynamo.client, tableName: TABLES.series });
});
afterAll(() => dynamo.close());

/** A source fetcher that answers one link and records every link asked for. */
class RecordingSources implements SourceFetcher {
  readonly asked: string[] = [];
  constructor(private readonly pages: Readonly<Record<string, string>> = {}) {}
  async fetchText(url: string): Promise<string> {
    this.asked.push(url);
    const page = this.pages[url];
    if (page === undefined) throw new SourceLinkError('http_status', 'The link answered HTTP 404.');
    return page;
  }
}

let sources = new RecordingSources();
const deps = () => ({
  jobs,
  store,
  writer,
  seriesMemory,
  sources,
  maxChunkChars: MAX_CHUNK_CHARS,
  speechEngine: 'espeak-ng' as const,
});
const writeOutline = () => createWriteOutlineStep(deps());
const writeChapter = () => createWriteChapterStep(deps());
const finishScript = () => createFinishScriptStep(deps());

const SUBJECTS = [
  'Tides',
  'The moon',
  'Coastal towns',
  'Harbour pilots',
  'Tidal mills',
  'Estuaries',
];
const VERBS = ['shape', 'follow', 'change', 'measure', 'explain', 'trouble', 'feed', 'reveal'];
const OBJECTS = [
  'the daily rhythm of fishing fleets',
  'the width of sandbars near river mouths',
  'the timing of ferries across the strait',
  'the salt marshes behind the dunes',
  'the records kept by lighthouse keepers',
  'the shellfish beds along the shore',
  'the currents under old stone bridges',
  'the charts that sailors carry',
  'the grazing of cattle on tidal flats',
];
const CLAUSES = [
  'according to surveys made over many decades',
  'which surprised the first engineers who studied them',
  'and local councils still argue about what that means',
  'because gravity pulls unevenly on the oceans',
  'even where the coastline looks calm and unchanging',
  'as harbour masters have noted for centuries',
  'so the almanacs are printed a year in advance',
];

/** A deterministic source text of `sentences` varied sentences (about 14 words each). */
function sourceText(sentences: number): string {
  return Array.from({ length: sentences }, (_, i) => {
    const subject = SUBJECTS[i % SUBJECTS.length] ?? '';
    const verb = VERBS[(i * 3) % VERBS.length] ?? '';
    const object = OBJECTS[(i * 5) % OBJECTS.length] ?? '';
    const clause = CLAUSES[(i * 7) % CLAUSES.length] ?? '';
    return `${subject} ${verb} ${object} in year ${1800 + i}, ${clause}.`;
  }).join(' ');
}

/** A queued job in the table (30 minutes with a long source text unless overridden). */
async function createdJob(overrides: Parameters<typeof queuedJob>[0] = {}) {
  const job = queuedJob({
    userId: 'alice',
    minutes: 30,
    quality: 'neural',
    sourceText: sourceText(700),
    ...overrides,
  });
  await jobs.create(job);
  return job;
}

const readJson = async (key: string): Promise<unknown> =>
  JSON.parse(new TextDecoder().decode(await store.get(key)));

/** The outline WriteOutline stored for a chapters plan. */
async function storedOutline(userId: string, jobId: string): Promise<ScriptOutline> {
  const stored = storedOutlineSchema.parse(await readJson(objectKeys.scriptOutline(userId, jobId)));
  if (stored.plan.kind !== 'chapters') throw new Error(`job ${jobId} was planned whole`);
  return stored.plan.outline;
}

describe('createWriteOutlineStep', () => {
  it('plans a 30-minute episode as several chapters, stores the outline and marks the job writing_script', async () => {
    const job = await createdJob();
    const { parts } = await writeOutline()({ userId: job.userId, jobId: job.jobId });

    const outline = await storedOutline(job.userId, job.jobId);
    expect(outline.chapters.length).toBeGreaterThan(1);
    expect(parts).toEqual(outline.chapters.map((_, index) => index));
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'writing_script' });
  });

  it('plans a short episode as one whole part', async () => {
    const job = await createdJob({ minutes: 2 });
    expect(await writeOutline()({ userId: job.userId, jobId: job.jobId })).toEqual({ parts: [0] });
    const stored = storedOutlineSchema.parse(
      await readJson(objectKeys.scriptOutline(job.userId, job.jobId)),
    );
    expect(stored.plan).toEqual({ kind: 'whole' });
    expect(stored.request).toMatchObject({ topic: job.topic, minutes: 2, quality: 'neural' });
  });

  it('refuses a job that is already final with a JobStateError and writes nothing', async () => {
    const job = await createdJob();
    expect(await jobs.setStatus(job.userId, job.jobId, 'failed')).toBe(true);

    await expect(writeOutline()({ userId: job.userId, jobId: job.jobId })).rejects.toThrow(
      JobStateError,
    );
    expect(store.objects.has(objectKeys.scriptOutline(job.userId, job.jobId))).toBe(false);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'failed' });
  });

  it('refuses a job that does not exist with a JobStateError', async () => {
    await expect(
      writeOutline()({ userId: 'alice', jobId: 'j-missing000000-0000000000000000' }),
    ).rejects.toThrow(JobStateError);
  });
});

describe('createWriteChapterStep', () => {
  it('writes each planned chapter with the title the outline gave it and reports its words', async () => {
    const job = await createdJob();
    const { parts } = await writeOutline()({ userId: job.userId, jobId: job.jobId });
    const outline = await storedOutline(job.userId, job.jobId);

    for (const part of parts) {
      const { words } = await writeChapter()({ userId: job.userId, jobId: job.jobId, part });
      const stored = await readJson(objectKeys.scriptPart(job.userId, job.jobId, part));
      expect(stored).toMatchObject({
        kind: 'chapter',
        chapter: { title: outline.chapters[part]?.title },
      });
      expect(words).toBe(outline.chapters[part]?.targetWords);
    }
  });

  it('refuses a part index outside the outline and stores no part for it', async () => {
    const job = await createdJob();
    const { parts } = await writeOutline()({ userId: job.userId, jobId: job.jobId });
    const outside = parts.length;

    await expect(
      writeChapter()({ userId: job.userId, jobId: job.jobId, part: outside }),
    ).rejects.toThrow(ScriptInputError);
    expect(store.objects.has(objectKeys.scriptPart(job.userId, job.jobId, outside))).toBe(false);
  });

  it('refuses any part but 0 of a whole plan with a JobStateError', async () => {
    const job = await createdJob({ minutes: 2 });
    await writeOutline()({ userId: job.userId, jobId: job.jobId });

    await expect(writeChapter()({ userId: job.userId, jobId: job.jobId, part: 1 })).rejects.toThrow(
      JobStateError,
    );
    expect(store.objects.has(objectKeys.scriptPart(job.userId, job.jobId, 1))).toBe(false);
  });

  it('writes the whole script as part 0 of a whole plan', async () => {
    const job = await createdJob({ minutes: 2 });
    await writeOutline()({ userId: job.userId, jobId: job.jobId });
    await writeChapter()({ userId: job.userId, jobId: job.jobId, part: 0 });

    const stored = (await readJson(objectKeys.scriptPart(job.userId, job.jobId, 0))) as {
      kind: string;
      script: unknown;
    };
    expect(stored.kind).toBe('script');
    expect(podcastScriptSchema.safeParse(stored.script).success).toBe(true);
  });
});

describe('createFinishScriptStep', () => {
  it('joins a 30-minute episode written outline → every chapter into the script the single-call path writes, and marks the job synthesizing', async () => {
    const phased = await createdJob();
    const { parts } = await writeOutline()({ userId: phased.userId, jobId: phased.jobId });
    expect(parts.length).toBeGreaterThan(1);
    await Promise.all(
      parts.map((part) => writeChapter()({ userId: phased.userId, jobId: phased.jobId, part })),
    );
    const output = await finishScript()({ userId: phased.userId, jobId: phased.jobId });

    const single = await createdJob({ sourceText: phased.sourceText });
    const singleOutput = await createWriteScriptStep(deps())({
      userId: single.userId,
      jobId: single.jobId,
    });

    const artifact = (await readJson(
      objectKeys.script(phased.userId, phased.jobId),
    )) as ScriptArtifact;
    expect(artifact).toEqual(await readJson(objectKeys.script(single.userId, single.jobId)));
    expect(output).toEqual(singleOutput);

    const outline = await storedOutline(phased.userId, phased.jobId);
    expect(podcastScriptSchema.safeParse(artifact.script).success).toBe(true);
    expect(artifact.script.chapters.map((chapter) => chapter.title)).toEqual(
      outline.chapters.map((chapter) => chapter.title),
    );
    expect(output.totalChunks).toBe(artifact.plan.length);
    expect(output.chunks.map((chunk) => chunk.index)).toEqual(artifact.plan.map((c) => c.index));
    expect(await jobs.get(phased.userId, phased.jobId)).toMatchObject({
      status: 'synthesizing',
      totalChunks: artifact.plan.length,
    });
  });

  it('finishes a short episode from its one whole part', async () => {
    const job = await createdJob({ minutes: 2 });
    await writeOutline()({ userId: job.userId, jobId: job.jobId });
    await writeChapter()({ userId: job.userId, jobId: job.jobId, part: 0 });
    const output = await finishScript()({ userId: job.userId, jobId: job.jobId });

    const part = (await readJson(objectKeys.scriptPart(job.userId, job.jobId, 0))) as {
      script: unknown;
    };
    const artifact = (await readJson(objectKeys.script(job.userId, job.jobId))) as ScriptArtifact;
    expect(artifact.script).toEqual(part.script);
    expect(output.totalChunks).toBe(artifact.plan.length);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({
      status: 'synthesizing',
      totalChunks: artifact.plan.length,
    });
  });

  it('refuses a job that became final after its chapters were written, storing no script and sending no chunks on', async () => {
    const job = await createdJob({ minutes: 2 });
    await writeOutline()({ userId: job.userId, jobId: job.jobId });
    await writeChapter()({ userId: job.userId, jobId: job.jobId, part: 0 });
    await jobs.setStatus(job.userId, job.jobId, 'failed', { error: 'stopped by the test' });

    await expect(finishScript()({ userId: job.userId, jobId: job.jobId })).rejects.toBeInstanceOf(
      JobStateError,
    );
    expect(store.objects.has(objectKeys.script(job.userId, job.jobId))).toBe(false);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'failed' });
  });

  it('refuses when a part object is missing with an ObjectNotFoundError naming the part and its key, and neither stores the script nor moves the job', async () => {
    const job = await createdJob();
    const { parts } = await writeOutline()({ userId: job.userId, jobId: job.jobId });
    const missing = parts[parts.length - 1] ?? 0;
    for (const part of parts.filter((part) => part !== missing)) {
      await writeChapter()({ userId: job.userId, jobId: job.jobId, part });
    }

    const key = objectKeys.scriptPart(job.userId, job.jobId, missing);
    await expect(finishScript()({ userId: job.userId, jobId: job.jobId })).rejects.toMatchObject({
      name: 'ObjectNotFoundError',
      key,
      message: `part ${missing} of job ${job.jobId} is missing: no object at key ${key}`,
    });
    expect(store.objects.has(objectKeys.script(job.userId, job.jobId))).toBe(false);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'writing_script' });
  });

  it('refuses a stored part that is not a chapter of a chapters plan with a JobStateError', async () => {
    const job = await createdJob();
    const { parts } = await writeOutline()({ userId: job.userId, jobId: job.jobId });
    for (const part of parts) await writeChapter()({ userId: job.userId, jobId: job.jobId, part });
    const whole = await writer.write({
      topic: job.topic,
      sourceText: job.sourceText,
      minutes: job.minutes,
      quality: job.quality,
    });
    await store.put(
      objectKeys.scriptPart(job.userId, job.jobId, 0),
      JSON.stringify({ kind: 'script', script: whole }),
      'application/json',
    );

    await expect(finishScript()({ userId: job.userId, jobId: job.jobId })).rejects.toThrow(
      JobStateError,
    );
    expect(store.objects.has(objectKeys.script(job.userId, job.jobId))).toBe(false);
  });
});

describe('buildWriteScriptHandler', () => {
  const handler = () => buildWriteScriptHandler(deps());

  it('dispatches the outline, chapter and finish phases to their steps', async () => {
    const job = await createdJob();
    const ref = { userId: job.userId, jobId: job.jobId };
    const { parts } = (await handler()({ ...ref, phase: 'outline' })) as { parts: number[] };
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(await handler()({ ...ref, phase: 'chapter', part })).toMatchObject({ part });
    }
    expect(await handler()({ ...ref, phase: 'finish' })).toMatchObject({ quality: 'neural' });
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'synthesizing' });
  });

  it('rejects an unknown phase with a StepInputError and leaves the job alone', async () => {
    const job = await createdJob();
    await expect(
      handler()({ userId: job.userId, jobId: job.jobId, phase: 'revise' }),
    ).rejects.toThrow(StepInputError);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'queued' });
  });

  it('rejects a chapter phase without a part with a StepInputError', async () => {
    const job = await createdJob();
    await expect(
      handler()({ userId: job.userId, jobId: job.jobId, phase: 'chapter' }),
    ).rejects.toThrow(StepInputError);
  });

  it('rejects a negative or fractional part with a StepInputError', async () => {
    const job = await createdJob();
    for (const part of [-1, 1.5]) {
      await expect(
        handler()({ userId: job.userId, jobId: job.jobId, phase: 'chapter', part }),
      ).rejects.toThrow(StepInputError);
    }
  });
});

describe('a job with a source link', () => {
  const link = 'https://example.org/tides';

  it('is written from the link’s text, read once by WriteOutline and kept in the outline for the chapters', async () => {
    const page = sourceText(60);
    sources = new RecordingSources({ [link]: page });
    const job = queuedJob({ minutes: 12, sourceText: undefined, sourceUrl: link });
    await jobs.create(job);
    const ref = { userId: job.userId, jobId: job.jobId };
    const { parts } = await writeOutline()(ref);
    for (const part of parts) await writeChapter()({ ...ref, part });
    await finishScript()(ref);
    expect(sources.asked).toEqual([link]);
    const stored = storedOutlineSchema.parse(
      JSON.parse(
        Buffer.from(await store.get(objectKeys.scriptOutline(job.userId, job.jobId))).toString(),
      ),
    );
    expect(stored.request.sourceText).toBe(page);
  });

  it('fails WriteOutline with the SourceLinkError when the link cannot be read, storing no outline', async () => {
    sources = new RecordingSources();
    const job = queuedJob({ minutes: 12, sourceText: undefined, sourceUrl: link });
    await jobs.create(job);
    const ref = { userId: job.userId, jobId: job.jobId };
    await expect(writeOutline()(ref)).rejects.toMatchObject({
      name: 'SourceLinkError',
      problem: 'http_status',
    });
    await expect(store.get(objectKeys.scriptOutline(job.userId, job.jobId))).rejects.toThrow();
  });
});
