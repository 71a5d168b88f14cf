import { S3Client } from '@aws-sdk/client-s3';
import { QuotaLedger } from '@lumcast/quota';
import { PresignedSourceUploads } from '../src/adapters/presigned-source-uploads';
import { createApiHandler } from '../src/api/api-handler';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import {
  queuedJob,
  startTestDynamo,
  TABLES,
  type TestDynamo,
  feedSources,
  MemoryObjectStore,
} from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;

const NOW = new Date('2026-12-06T10:00:00.000Z');
// Presigning is local arithmetic: the real SDK signs with these keys, and nothing is sent.
const s3 = new S3Client({
  region: 'eu-west-1',
  credentials: {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  },
  systemClockOffset: NOW.getTime() - Date.now(),
});

function api(overrides: { jobs?: JobsTable } = {}) {
  return createApiHandler({
    jobs: overrides.jobs ?? jobs,
    ...feedSources(dynamo),
    ledger: new QuotaLedger({ client: dynamo.client, tableName: TABLES.users }),
    queue: { send: async () => undefined },
    links: { forJob: async (job) => ({ audioUrl: `/signed/${job.jobId}` }) },
    uploads: new PresignedSourceUploads({ client: s3, bucket: 'lumcast-audio-test' }),
    store: new MemoryObjectStore(),
    speechEngine: 'espeak-ng',
    identity: (event) => event.headers['x-user'],
    logger: createLogger('api-routes-test'),
    now: () => NOW,
  });
}

async function call(...args: Parameters<typeof apiEvent>) {
  const event = apiEvent(...args);
  const response = await api()(event);
  return { status: response.statusCode, body: contractBody(event, response) };
}

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
});
afterAll(() => dynamo.close());

describe('the API router', () => {
  it('answers an unknown path 404 and a known path with another method 405, before asking who calls', async () => {
    expect(await call('GET', '/api/nothing', undefined)).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(await call('DELETE', '/api/quota', undefined)).toMatchObject({
      status: 405,
      body: { error: { code: 'method_not_allowed' } },
    });
  });

  it('answers 401 on a known route without an identity', async () => {
    expect(await call('GET', '/api/quota', undefined)).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthenticated' } },
    });
  });

  it('answers a bad request body 400 naming the field', async () => {
    const answer = await call('POST', '/api/podcasts', 'ann', {
      body: { topic: 'Tides', minutes: 0, quality: 'neural' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('minutes');
  });

  it('answers an unexpected failure 500 with a safe message, keeping the detail out of the body', async () => {
    const broken = Object.create(jobs) as JobsTable;
    broken.get = async () => {
      throw new Error('arn:aws:dynamodb:eu-west-1:123456789012:table/jobs is on fire');
    };
    const response = await api({ jobs: broken })(
      apiEvent('GET', '/api/podcasts/j-00000000aa-0000000000000000', 'ann'),
    );
    expect(response.statusCode).toBe(500);
    expect(String(response.body)).not.toContain('arn:aws');
    expect(JSON.parse(String(response.body)).error.message).toContain('nothing was charged');
  });
});

describe('GET /api/options', () => {
  it('answers the languages with their qualities and voices, the formats and the minute limits', async () => {
    const answer = await call('GET', '/api/options', 'ann');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      defaultLanguage: 'en-US',
      minutes: { min: 1, max: 60 },
    });
    expect(answer.body.formats).toContainEqual({ format: 'lecture', hosts: { min: 1, max: 1 } });
    expect(answer.body.languages).toContainEqual({
      code: 'es-MX',
      name: 'Spanish (es-MX)',
      qualities: [
        { quality: 'standard', voices: ['Mia'], maxHosts: 1 },
        { quality: 'neural', voices: ['Andres', 'Mia'], maxHosts: 2 },
        { quality: 'generative', voices: ['Andres', 'Mia'], maxHosts: 2 },
      ],
    });
  });

  it('lists only languages both a script writer and a speech engine have, and each is accepted by POST /api/podcasts', async () => {
    const { body } = await call('GET', '/api/options', 'ann');
    const codes = body.languages.map((language: { code: string }) => language.code);
    expect(codes).toEqual(['de-DE', 'en-GB', 'en-US', 'es-ES', 'es-MX', 'es-US', 'fr-BE', 'fr-FR']);
    for (const language of body.languages as {
      code: string;
      qualities: { quality: string; maxHosts: number }[];
    }[]) {
      for (const { quality, maxHosts } of language.qualities) {
        const format = maxHosts === 1 ? 'lecture' : 'deep-dive';
        const answer = await call('POST', '/api/podcasts', `lang-${language.code}-${quality}`, {
          body: { topic: 'Tides', minutes: 1, quality, format, language: language.code },
        });
        expect({ code: language.code, quality, status: answer.status }).toEqual({
          code: language.code,
          quality,
          status: 202,
        });
      }
    }
  });

  it('asks who calls, like every /api route', async () => {
    expect((await call('GET', '/api/options', undefined)).status).toBe(401);
  });
});

describe('POST /api/sources', () => {
  it('answers 201 with a source id of the type and a presigned S3 POST pinning its key, type and size', async () => {
    const answer = await call('POST', '/api/sources', 'uma', {
      body: { contentType: 'application/pdf' },
    });
    expect(answer.status).toBe(201);
    const { sourceId, uploadUrl, uploadFields, maxBytes, expiresAt } = answer.body as {
      sourceId: string;
      uploadUrl: string;
      uploadFields: Record<string, string>;
      maxBytes: number;
      expiresAt: string;
    };
    expect(sourceId).toMatch(/^src-[A-Za-z0-9_-]{22}\.pdf$/);
    expect(uploadUrl).toBe('https://lumcast-audio-test.s3.eu-west-1.amazonaws.com/');
    expect(maxBytes).toBe(10 * 1024 * 1024);
    expect(expiresAt).toBe('2026-12-06T10:15:00.000Z');
    expect(uploadFields).toMatchObject({
      key: `sources/uma/${sourceId}`,
      'Content-Type': 'application/pdf',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(
        /^AKIDEXAMPLE\/20261206\/eu-west-1\/s3\/aws4_request$/,
      ),
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const policy = JSON.parse(Buffer.from(uploadFields['Policy'] ?? '', 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    // The SDK dates the policy by its own clock (here set to NOW, give or take this test's run).
    expect(Math.abs(Date.parse(policy.expiration) - Date.parse(expiresAt))).toBeLessThan(60_000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10 * 1024 * 1024],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: `sources/uma/${sourceId}` },
        { bucket: 'lumcast-audio-test' },
      ]),
    );
  });

  it('gives each request a new id, ending as its type says', async () => {
    const ids = await Promise.all(
      ['text/html', 'text/markdown', 'text/plain', 'text/plain'].map(async (contentType) => {
        const answer = await call('POST', '/api/sources', 'uma', { body: { contentType } });
        return (answer.body as { sourceId: string }).sourceId;
      }),
    );
    expect(ids.map((id) => id.slice(id.lastIndexOf('.')))).toEqual([
      '.html',
      '.md',
      '.txt',
      '.txt',
    ]);
    expect(new Set(ids).size).toBe(4);
  });

  it.each([
    [{ contentType: 'image/png' }, 'invalid_field', 'contentType'],
    [{}, 'invalid_field', 'contentType'],
    [{ contentType: 'text/plain', userId: 'someone-else' }, 'unknown_field', 'userId'],
  ])('refuses %j with 400 %s naming %s', async (body, code, field) => {
    const answer = await call('POST', '/api/sources', 'uma', { body });
    expect(answer).toMatchObject({ status: 400, body: { error: { code, field } } });
  });

  it('asks who calls', async () => {
    expect(
      (await call('POST', '/api/sources', undefined, { body: { contentType: 'text/plain' } }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/podcasts with a sourceId', () => {
  const request = { topic: 'Tides', minutes: 1, quality: 'standard' };

  it.each([
    [{ sourceId: 'src-not-one-of-ours.pdf' }],
    [{ sourceId: 'src-AAAAAAAAAAAAAAAAAAAAAA.exe' }],
    [{ sourceId: 42 }],
    [{ sourceId: 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf', sourceText: 'Tides rise.' }],
    [{ sourceId: 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf', sourceUrl: 'https://example.com/tides' }],
  ])('refuses %j with 400 naming sourceId, before anything is reserved', async (source) => {
    const answer = await call('POST', '/api/podcasts', 'vera', { body: { ...request, ...source } });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_field', field: 'sourceId' } },
    });
  });
});

describe('GET /api/podcasts and /api/podcasts/{jobId}', () => {
  it('lists only the caller’s jobs, newest first, with links once ready', async () => {
    const older = queuedJob({ userId: 'lea' });
    const newer = queuedJob({ userId: 'lea', status: 'ready' });
    await jobs.create(older);
    await jobs.create(newer);
    await jobs.create(queuedJob({ userId: 'max' }));
    const answer = await call('GET', '/api/podcasts', 'lea');
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((job: { jobId: string }) => job.jobId)).toEqual([
      newer.jobId,
      older.jobId,
    ]);
    expect(answer.body.items[0].audioUrl).toBe(`/signed/${newer.jobId}`);
    expect(answer.body.items[1].audioUrl).toBeUndefined();
    expect(JSON.stringify(answer.body)).not.toContain('sourceText');
  });

  it('pages with a cursor and refuses a bad limit or cursor with 400 naming the field', async () => {
    for (let index = 0; index < 3; index += 1) await jobs.create(queuedJob({ userId: 'pia' }));
    const first = await call('GET', '/api/podcasts', 'pia', { query: { limit: '2' } });
    expect(first.body.items).toHaveLength(2);
    const second = await call('GET', '/api/podcasts', 'pia', {
      query: { limit: '2', cursor: first.body.nextCursor },
    });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeUndefined();
    expect(await call('GET', '/api/podcasts', 'pia', { query: { limit: '0' } })).toMatchObject({
      status: 400,
      body: { error: { field: 'limit' } },
    });
    expect(
      await call('GET', '/api/podcasts', 'pia', { query: { cursor: 'not-a-cursor' } }),
    ).toMatchObject({
      status: 400,
      body: { error: { field: 'cursor' } },
    });
  });

  it('shows a job to its owner only: anyone else, or an id of the wrong shape, gets 404; an id that is not one path segment 400', async () => {
    const job = queuedJob({ userId: 'ola' });
    await jobs.create(job);
    expect(await call('GET', `/api/podcasts/${job.jobId}`, 'ola')).toMatchObject({
      status: 200,
      body: { jobId: job.jobId, status: 'queued', estimatedCost: job.estimatedCost },
    });
    expect((await call('GET', `/api/podcasts/${job.jobId}`, 'eve')).status).toBe(404);
    expect((await call('GET', '/api/podcasts/j-not-a-job-id', 'ola')).status).toBe(404);
    expect(await call('GET', '/api/podcasts/..%2Fetc', 'ola')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_field', field: 'jobId' } },
    });
  });
});
