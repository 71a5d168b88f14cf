import { S3Client } from '@aws-sdk/client-s3';
import { PresignedEpisodeLinks } from '../src/adapters/presigned-episode-links';
import type { JobRecord } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { apiEvent } from './api-events';
import { feedsApi, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

// Whoever holds a feed may listen to it, and learns nothing more: the redirects of its files
// (presigned S3 links of the keys Assemble writes) never carry the owner's user id.

let dynamo: TestDynamo;

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const s3 = new S3Client({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});

function api() {
  return feedsApi(
    dynamo,
    new PresignedEpisodeLinks({ client: s3, bucket: 'lumcast-audio', expiresInSeconds: 900 }),
  );
}

/** A ready episode whose files are where Assemble puts them (`objectKeys`). */
async function assembledEpisode(userId: string): Promise<JobRecord> {
  const job = queuedJob({ userId, seriesId: 'rivers' });
  const ready: JobRecord = {
    ...job,
    status: 'ready',
    audioKey: objectKeys.episodeAudio(userId, job.jobId),
    captionsKey: objectKeys.episodeCaptions(userId, job.jobId),
    audioBytes: 4_096,
    durationSeconds: 61,
    chapters: [{ title: 'Rivers', startSeconds: 0, endSeconds: 61 }],
  };
  await new JobsTable({ client: dynamo.client, tableName: TABLES.jobs }).create(ready);
  return ready;
}

describe('the redirects of a feed’s files', () => {
  it.each([
    ['a Cognito subject', '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
    ['a plain name', 'owner-alice'],
  ])('name no owner when the owner is %s', async (_, userId) => {
    const episode = await assembledEpisode(userId);
    const created = await api()(
      apiEvent('POST', '/api/feeds', userId, { body: { seriesId: 'rivers' } }),
    );
    const { feedUrl } = JSON.parse(String(created.body)) as { feedUrl: string };
    for (const file of ['audio.mp3', 'captions.vtt']) {
      const path = `${new URL(feedUrl).pathname}/episodes/${episode.jobId}/${file}`;
      const redirect = await api()(apiEvent('GET', path, undefined));
      expect(redirect.statusCode).toBe(302);
      const location = String(redirect.headers?.['location']);
      expect(new URL(location).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(decodeURIComponent(location)).not.toContain(userId);
      expect(location).toContain(episode.jobId);
    }
  });
});
