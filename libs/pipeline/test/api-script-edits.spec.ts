import { QuotaLedger } from '@lumcast/quota';
import { SCRIPT_TURN_MAX_CHARS } from '../src/api/script-edit';
import type { JobRecord } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { objectKeys } from '../src/ports/object-store';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import {
  MemoryObjectStore,
  TABLES,
  testApi,
  queuedJob,
  spokenWords as words,
  startTestDynamo,
  TIMED_SCRIPT as SCRIPT,
  type TestDynamo,
} from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
const store = new MemoryObjectStore();

function api() {
  return testApi(dynamo, {
    jobs,
    ledger,
    store,
    queue: { send: async () => undefined },
    logger: createLogger('api-script-edits-test'),
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
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

/** A job of `userId` with TIMED_SCRIPT written: t1 Alex 15 s, t2 Sam 30 s (The moon), t3 Alex 60 s (The sun). */
async function writtenJob(overrides: Partial<JobRecord> = {}) {
  const job = queuedJob({ userId: 'ed', status: 'script_ready', review: true, ...overrides });
  await jobs.create(job);
  await store.put(
    objectKeys.script(job.userId, job.jobId),
    JSON.stringify({ script: SCRIPT, plan: [] }),
  );
  return job;
}

const t1 = { id: 't1', speaker: 'Alex', text: words(49) };
const t2 = { id: 't2', speaker: 'Sam', text: words(98) };
const t3 = { id: 't3', speaker: 'Alex', text: words(196) };

function edit(job: JobRecord, version: number, turns: object[], user = job.userId) {
  return call('PUT', `/api/podcasts/${job.jobId}/script`, user, { body: { version, turns } });
}

describe('PUT /api/podcasts/{jobId}/script', () => {
  it.each([['script_ready'], ['ready']] as const)(
    'keeps each edit of a %s job as the next version, which GET then answers',
    async (status) => {
      const job = await writtenJob({ status });
      const second = await edit(job, 1, [t1, { ...t2, speaker: 'Alex', text: 'Tides turn.' }, t3]);
      expect(second).toMatchObject({ status: 200, body: { version: 2 } });
      expect(second.body.turns[1]).toEqual({
        id: 't2',
        speaker: 'Alex',
        text: 'Tides turn.',
        seconds: 0.6,
      });
      expect(await call('GET', `/api/podcasts/${job.jobId}/script`, 'ed')).toEqual(second);

      const third = await edit(job, 2, [t1, t3]);
      expect(third).toMatchObject({ status: 200, body: { version: 3 } });
      expect(await call('GET', `/api/podcasts/${job.jobId}/script`, 'ed')).toEqual(third);
      // Every version is kept: the one written, and one object per edit, named by the job.
      const versions = [...store.objects.keys()].filter((key) =>
        key.startsWith(`scripts/${job.jobId}/`),
      );
      expect(versions.map((key) => key.replace(/-[0-9a-f]{16}\.json$/, ''))).toEqual([
        `scripts/${job.jobId}/v2`,
        `scripts/${job.jobId}/v3`,
      ]);
      expect(store.objects.has(objectKeys.script('ed', job.jobId))).toBe(true);
      expect(await jobs.get('ed', job.jobId)).toMatchObject({ status, scriptVersion: 3 });
    },
  );

  it.each([
    [
      'deletes a turn from its chapter',
      [t1, t3],
      [
        ['The moon', ['t1']],
        ['The sun', ['t3']],
      ],
    ],
    ['drops a chapter left with no turns', [t1, t2], [['The moon', ['t1', 't2']]]],
    [
      'puts an inserted turn in the chapter of the turn before it',
      [t1, t2, { speaker: 'Sam', text: 'And the sun?' }, t3],
      [
        ['The moon', ['t1', 't2', 't4']],
        ['The sun', ['t3']],
      ],
    ],
    [
      'puts an inserted first turn in the chapter of the first kept turn',
      [{ speaker: 'Sam', text: 'Welcome.' }, t3],
      [['The sun', ['t4', 't3']]],
    ],
    [
      'reorders turns within a chapter',
      [t2, t1, t3],
      [
        ['The moon', ['t2', 't1']],
        ['The sun', ['t3']],
      ],
    ],
    [
      'reorders whole chapters',
      [t3, t1, t2],
      [
        ['The sun', ['t3']],
        ['The moon', ['t1', 't2']],
      ],
    ],
    [
      'splits a chapter whose turns a reorder separates into runs under its title',
      [t1, t3, t2],
      [
        ['The moon', ['t1']],
        ['The sun', ['t3']],
        ['The moon', ['t2']],
      ],
    ],
  ])('%s', async (_, turns, chapters) => {
    const job = await writtenJob();
    const answer = await edit(job, 1, turns);
    expect(answer.status).toBe(200);
    expect(answer.body.chapters).toEqual(chapters.map(([title, turnIds]) => ({ title, turnIds })));
    expect(answer.body.turns.map((turn: { id: string }) => turn.id)).toEqual(
      (chapters as [string, string[]][]).flatMap(([, turnIds]) => turnIds),
    );
  });

  it('gives each inserted turn a new id, never one a deleted turn had', async () => {
    const job = await writtenJob();
    const second = await edit(job, 1, [t1, t2, { speaker: 'Sam', text: 'Why?' }]);
    expect(second.body.turns.map((turn: { id: string }) => turn.id)).toEqual(['t1', 't2', 't4']);
    const third = await edit(job, 2, [t1, t2, { speaker: 'Alex', text: 'Because.' }]);
    expect(third.body.turns.map((turn: { id: string }) => turn.id)).toEqual(['t1', 't2', 't5']);
  });

  it('answers the quote of the new version: its seconds at the rate, and their cost', async () => {
    const job = await writtenJob();
    // 15 + 30 seconds of neural audio: one started minute, 2 slots (105 seconds were 4).
    expect((await edit(job, 1, [t1, t2])).body).toMatchObject({
      estimatedSeconds: 45,
      estimatedCost: 2,
    });
  });

  it.each([
    ['an older version', 1],
    ['a version not yet made', 3],
  ])('answers an edit of %s 409 stale_version with the latest version', async (_, version) => {
    const job = await writtenJob();
    await edit(job, 1, [t1, t2]);
    expect(await edit(job, version, [t1])).toMatchObject({
      status: 409,
      body: { error: { code: 'stale_version', latestVersion: 2 } },
    });
  });

  it('lets only one of two edits of the same version win', async () => {
    const job = await writtenJob();
    const answers = await Promise.all([edit(job, 1, [t1]), edit(job, 1, [t2])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.error).toMatchObject({ code: 'stale_version', latestVersion: 2 });
    expect(await call('GET', `/api/podcasts/${job.jobId}/script`, 'ed')).toEqual(winner);
  });

  it.each([
    [
      'a speaker who is not a host',
      [t1, { ...t2, speaker: 'Eve' }],
      'speaker',
      { index: 1, id: 't2' },
    ],
    ['a blank text', [t1, { ...t2, text: '  ' }], 'text', { index: 1, id: 't2' }],
    ['a text with a bidi override', [{ ...t1, text: 'a\u202eb' }], 'text', { index: 0, id: 't1' }],
    [
      'a text over the turn limit',
      [{ ...t1, text: 'a'.repeat(SCRIPT_TURN_MAX_CHARS + 1) }],
      'text',
      { index: 0, id: 't1' },
    ],
    [
      'an id that is no turn of the version',
      [t1, { ...t2, id: 't9' }],
      'id',
      { index: 1, id: 't9' },
    ],
    ['an id given twice', [t1, t2, t1], 'id', { index: 2, id: 't1' }],
    [
      'a new turn by a speaker who is not a host',
      [t1, { speaker: 'Eve', text: 'Hi.' }],
      'speaker',
      { index: 1 },
    ],
    ['a turn without text', [t1, { id: 't2', speaker: 'Sam' }], 'text', { index: 1, id: 't2' }],
    ['a turn with an unknown field', [{ ...t1, seconds: 3 }], 'seconds', { index: 0, id: 't1' }],
  ])('answers %s 400 invalid_turn naming the turn and the field', async (_, turns, field, turn) => {
    const job = await writtenJob();
    const answer = await edit(job, 1, turns);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_turn', field, turn } },
    });
    expect(answer.body.error.turn).toEqual(turn);
    expect(await jobs.get('ed', job.jobId)).not.toHaveProperty('scriptVersion');
  });

  it.each([
    ['no turns', { version: 1, turns: [] }, 'turns'],
    ['no version', { turns: [t1] }, 'version'],
    ['an unknown field', { version: 1, turns: [t1], userId: 'ed' }, 'userId'],
    ['text that is not JSON', 'not json', 'body'],
  ])('answers a body with %s 400 invalid_field naming the field', async (_, body, field) => {
    const job = await writtenJob();
    const event = apiEvent('PUT', `/api/podcasts/${job.jobId}/script`, 'ed', { body });
    if (typeof body === 'string') event.body = body;
    const response = await api()(event);
    expect(response.statusCode).toBe(400);
    expect(contractBody(event, response).error).toMatchObject({ code: 'invalid_field', field });
  });

  it.each([
    [
      'a brief over its two minutes',
      { format: 'brief' as const },
      [t1, t2, t3, { ...t2, id: undefined }],
    ],
    ['a script with no spoken word', {}, [{ ...t1, text: '!!!' }]],
  ])('answers %s 400 on turns, storing nothing', async (_, overrides, turns) => {
    const job = await writtenJob(overrides);
    expect(await edit(job, 1, turns)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_field', field: 'turns' } },
    });
    expect(await jobs.get('ed', job.jobId)).not.toHaveProperty('scriptVersion');
  });

  it("answers a quote the caller's week no longer covers 429 quota_exhausted, and takes one it covers", async () => {
    const job = await writtenJob({ userId: 'tight' });
    await ledger.reserve({ userId: 'tight', jobId: 'other', cost: 198, weeklyLimit: 200 });
    expect(await edit(job, 1, [t1, t2, { ...t3, text: `${t3.text} tide` }])).toMatchObject({
      status: 429,
      body: { error: { code: 'quota_exhausted', estimatedCost: 4, remaining: 2 } },
    });
    expect(await edit(job, 1, [t1, t2])).toMatchObject({ status: 200, body: { estimatedCost: 2 } });
  });

  it.each([['writing_script'], ['synthesizing'], ['failed']] as const)(
    'answers a %s job 409 script_not_editable',
    async (status) => {
      const job = await writtenJob({ status });
      expect(await edit(job, 1, [t1])).toMatchObject({
        status: 409,
        body: { error: { code: 'script_not_editable', status } },
      });
    },
  );

  it('answers another user 404 without saying the job exists, changing nothing', async () => {
    const job = await writtenJob();
    expect(await edit(job, 1, [t1], 'mallory')).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect((await call('GET', `/api/podcasts/${job.jobId}/script`, 'ed')).body.version).toBe(1);
  });
});
