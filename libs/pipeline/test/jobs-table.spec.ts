import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { FINAL_STATUSES, type JobStatus } from '../src/jobs/job';
import { newJobId } from '../src/jobs/job-id';
import { JobsTable } from '../src/jobs/jobs-table';
import { encodeListCursor, InvalidListCursorError } from '../src/jobs/list-cursor';
import { queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let clock = new Date('2026-12-02T09:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs, now: () => clock });
});
afterAll(() => dynamo.close());

describe('JobsTable.create', () => {
  it('stores a new job that get reads back whole', async () => {
    const job = queuedJob();
    await jobs.create(job);
    expect(await jobs.get(job.userId, job.jobId)).toEqual({ ...job, chunksDone: 0 });
  });

  it('refuses to overwrite a job that already exists, and keeps the first one', async () => {
    const job = queuedJob();
    await jobs.create(job);
    await expect(jobs.create({ ...job, topic: 'Other' })).rejects.toBeInstanceOf(
      ConditionalCheckFailedException,
    );
    expect((await jobs.get(job.userId, job.jobId))?.topic).toBe('Tides');
  });
});

describe('JobsTable.get', () => {
  it('does not return another user’s job', async () => {
    const job = queuedJob({ userId: 'alice' });
    await jobs.create(job);
    expect(await jobs.get('bob', job.jobId)).toBeUndefined();
  });
});

describe('JobsTable.setStatus', () => {
  it('moves a job forward, sets the extra fields and stamps updatedAt with the clock', async () => {
    const job = queuedJob();
    await jobs.create(job);
    clock = new Date('2026-12-02T09:05:00Z');
    expect(await jobs.setStatus(job.userId, job.jobId, 'synthesizing', { totalChunks: 3 })).toBe(
      true,
    );
    const stored = await jobs.get(job.userId, job.jobId);
    expect(stored).toMatchObject({
      status: 'synthesizing',
      totalChunks: 3,
      updatedAt: '2026-12-02T09:05:00.000Z',
      createdAt: job.createdAt,
    });
  });

  it('refuses ready → failed and leaves the job ready with its fields', async () => {
    const job = queuedJob();
    await jobs.create(job);
    await jobs.setStatus(job.userId, job.jobId, 'ready', { cost: 6, durationSeconds: 125 });
    expect(await jobs.setStatus(job.userId, job.jobId, 'failed', { error: 'late' })).toBe(false);
    const stored = await jobs.get(job.userId, job.jobId);
    expect(stored?.status).toBe('ready');
    expect(stored?.cost).toBe(6);
    expect(stored?.error).toBeUndefined();
  });

  it.each(FINAL_STATUSES.map((status) => [status]))(
    'never moves a job out of the final status %s, to any status',
    async (finalStatus) => {
      const job = queuedJob();
      await jobs.create(job);
      expect(await jobs.setStatus(job.userId, job.jobId, finalStatus)).toBe(true);
      const every: JobStatus[] = [
        'queued',
        'writing_script',
        'synthesizing',
        'assembling',
        ...FINAL_STATUSES,
      ];
      for (const next of every) {
        expect(await jobs.setStatus(job.userId, job.jobId, next)).toBe(false);
      }
      expect((await jobs.get(job.userId, job.jobId))?.status).toBe(finalStatus);
    },
  );

  it('answers false for a missing job and does not create it', async () => {
    expect(await jobs.setStatus('alice', 'j-missing', 'failed')).toBe(false);
    expect(await jobs.get('alice', 'j-missing')).toBeUndefined();
  });
});

describe('JobsTable.markChunkDone', () => {
  it('counts the same chunk index once, however often it is marked', async () => {
    const job = queuedJob();
    await jobs.create(job);
    await jobs.setStatus(job.userId, job.jobId, 'synthesizing', { totalChunks: 3 });
    expect(await jobs.markChunkDone(job.userId, job.jobId, 0)).toBe(true);
    expect(await jobs.markChunkDone(job.userId, job.jobId, 0)).toBe(true);
    await Promise.all([
      jobs.markChunkDone(job.userId, job.jobId, 2),
      jobs.markChunkDone(job.userId, job.jobId, 2),
    ]);
    expect((await jobs.get(job.userId, job.jobId))?.chunksDone).toBe(2);
  });

  it.each([['queued'], ['writing_script'], ['assembling'], ['ready'], ['failed']] as const)(
    'does not count a chunk while the job is %s',
    async (status) => {
      const job = queuedJob();
      await jobs.create(job);
      if (status !== 'queued') await jobs.setStatus(job.userId, job.jobId, status);
      expect(await jobs.markChunkDone(job.userId, job.jobId, 0)).toBe(false);
      const stored = await jobs.get(job.userId, job.jobId);
      expect(stored?.chunksDone).toBe(0);
      expect(stored?.status).toBe(status);
    },
  );

  it('answers false for a missing job and does not create it', async () => {
    expect(await jobs.markChunkDone('alice', 'j-nothing', 0)).toBe(false);
    expect(await jobs.get('alice', 'j-nothing')).toBeUndefined();
  });
});

describe('JobsTable.listForUser', () => {
  it('lists only that user’s jobs, newest first, without their source texts', async () => {
    const times = ['2026-12-01T08:00:00Z', '2026-12-02T10:00:00Z', '2026-12-01T23:59:59Z'];
    const created = [];
    for (const time of times) {
      const at = new Date(time);
      const job = queuedJob({
        userId: 'carol',
        jobId: newJobId(() => at),
        createdAt: at.toISOString(),
        sourceText: `source written at ${time}`,
      });
      await jobs.create(job);
      created.push(job);
    }
    await jobs.create(queuedJob({ userId: 'dave' }));

    const listed = await jobs.listForUser('carol');
    expect(listed.map((job) => job.createdAt)).toEqual([
      '2026-12-02T10:00:00.000Z',
      '2026-12-01T23:59:59.000Z',
      '2026-12-01T08:00:00.000Z',
    ]);
    for (const job of listed) {
      expect(job).not.toHaveProperty('sourceText');
      expect(job.userId).toBe('carol');
    }
  });

  it('lists all of 30 jobs with 100k-character source texts in one call, because it reads no source text', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, 0, i));
      const job = queuedJob({
        userId: 'erin',
        jobId: newJobId(() => at),
        createdAt: at.toISOString(),
        sourceText: 'x'.repeat(100_000),
      });
      await jobs.create(job);
      ids.add(job.jobId);
    }

    const listed = await jobs.listForUser('erin');
    expect(new Set(listed.map((job) => job.jobId))).toEqual(ids);
    expect(listed).toHaveLength(30);
  });

  it('honours the limit, keeping the newest', async () => {
    const listed = await jobs.listForUser('carol', 1);
    expect(listed.map((job) => job.createdAt)).toEqual(['2026-12-02T10:00:00.000Z']);
  });
});

describe('JobsTable.listPageForUser', () => {
  it('pages through 25 of a user’s jobs in pages of 10 with no job missing or repeated', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const at = new Date(Date.UTC(2026, 9, 1, 0, i));
      const job = queuedJob({
        userId: 'frank',
        jobId: newJobId(() => at),
        createdAt: at.toISOString(),
        sourceText: 'y'.repeat(50_000),
      });
      await jobs.create(job);
      ids.push(job.jobId);
    }
    await jobs.create(queuedJob({ userId: 'grace' }));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await jobs.listPageForUser('frank', { limit: 10, cursor });
      expect(page.jobs.length).toBeLessThanOrEqual(10);
      seen.push(...page.jobs.map((job) => job.jobId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(seen).toEqual([...ids].reverse());
    expect(pages).toBe(3);
  });

  it('gives no cursor on a page that holds the last job', async () => {
    const page = await jobs.listPageForUser('grace', { limit: 10 });
    expect(page.jobs).toHaveLength(1);
    expect(page.nextCursor).toBeUndefined();
  });

  it('lists only the caller’s jobs even with a cursor made from another user’s job id', async () => {
    const [graceJob] = (await jobs.listPageForUser('grace')).jobs;
    const page = await jobs.listPageForUser('frank', {
      cursor: encodeListCursor(graceJob?.jobId ?? ''),
    });
    for (const job of page.jobs) expect(job.userId).toBe('frank');
  });

  it.each(['not a cursor', 'eyJ4IjoxfQ', encodeListCursor('../../etc')])(
    'refuses the cursor %p with InvalidListCursorError before any read',
    async (cursor) => {
      await expect(jobs.listPageForUser('frank', { cursor })).rejects.toBeInstanceOf(
        InvalidListCursorError,
      );
    },
  );
});
