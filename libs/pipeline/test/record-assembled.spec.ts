import { JobsTable } from '../src/jobs/jobs-table';
import { queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({
    client: dynamo.client,
    tableName: TABLES.jobs,
    now: () => new Date('2026-12-03T08:00:00Z'),
  });
});
afterAll(() => dynamo.close());

const episode = {
  durationSeconds: 125.5,
  audioBytes: 2_008_704,
  audioKey: 'episodes/alice/j/episode.mp3',
  captionsKey: 'episodes/alice/j/captions.vtt',
  chapters: [{ title: 'Opening', startSeconds: 0, endSeconds: 125.5 }],
};

describe('JobsTable.recordAssembled', () => {
  it('keeps the measured episode on an assembling job without changing its status', async () => {
    const job = queuedJob({ userId: 'alice' });
    await jobs.create(job);
    await jobs.setStatus('alice', job.jobId, 'assembling', { totalChunks: 2 });
    expect(await jobs.recordAssembled('alice', job.jobId, episode)).toBe(true);
    expect(await jobs.get('alice', job.jobId)).toEqual(
      expect.objectContaining({
        status: 'assembling',
        totalChunks: 2,
        updatedAt: '2026-12-03T08:00:00.000Z',
        ...episode,
      }),
    );
  });

  it('keeps an episode without a byte count, as a step from before it was measured sends it', async () => {
    const job = queuedJob({ userId: 'dana' });
    await jobs.create(job);
    await jobs.setStatus('dana', job.jobId, 'assembling', { totalChunks: 1 });
    const { audioBytes: _unmeasured, ...older } = episode;
    expect(await jobs.recordAssembled('dana', job.jobId, older)).toBe(true);
    const stored = await jobs.get('dana', job.jobId);
    expect(stored).toEqual(expect.objectContaining(older));
    expect(stored).not.toHaveProperty('audioBytes');
  });

  it('refuses a job that is not assembling, and leaves it as it was', async () => {
    const job = queuedJob({ userId: 'bob' });
    await jobs.create(job);
    await jobs.setStatus('bob', job.jobId, 'failed', { error: 'boom' });
    const before = await jobs.get('bob', job.jobId);
    expect(await jobs.recordAssembled('bob', job.jobId, episode)).toBe(false);
    expect(await jobs.get('bob', job.jobId)).toEqual(before);
  });

  it('refuses a job that does not exist', async () => {
    expect(await jobs.recordAssembled('carol', 'missing', episode)).toBe(false);
    expect(await jobs.get('carol', 'missing')).toBeUndefined();
  });
});
