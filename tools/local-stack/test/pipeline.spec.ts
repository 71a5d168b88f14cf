/**
 * The whole pipeline on the engine: the synthesized app's bundles behind
 * SigV4 and IAM, HTTP API → job queue → consumer → state machine → steps → callback → quota
 * ledger on DynamoDB Local. A step's failure is its service failing, armed at the engine's front
 * door (`endpoints.injectFault`) or in its fake (Polly's `throttle`); what the writer was told is
 * read from the fake Bedrock's requests.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import type { FaultSpec } from '@lumcast/aws-emulator';
import { mp3Info } from '@lumcast/audio-assembly';
import { isoWeekKey, quotaCost } from '@lumcast/quota';
import { objectKeys, type PublicJob } from '@lumcast/pipeline';
import { answerScriptTool } from '@lumcast/script-generation';
import type { EngineOverrides } from '../engine-overrides';
import type { LocalStack } from './engine-test-stack';
import { previousEpisodeTitles, updateSets } from './engine-asked';
import { engineOf } from './engine-test-stack';
import { toneMp3 } from './tone-synthesizer';
import { linkRewritten, linkUnsigned } from './episode-link-forms';
import {
  callbackOf,
  callApi,
  makeEpisode,
  storedObjectPath,
  SHORT_SOURCE,
  ledgerOf,
  pipelineStateOf,
  startTestStack,
  temporaryDataDir,
} from './support';

// The in-process stack is going away (issue 32): its services are not replaced here any more.

jest.setTimeout(180_000);

const episode = { topic: 'Tides', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };

/** The fake Polly speaking fast (100 characters a second): short MP3s, quickly assembled. */
const FAST_POLLY: EngineOverrides = { polly: { charactersPerSecond: 100 } };
/** The fake Bedrock answering the writer's tools as a well-behaved model, without its latency. */
const FAST_BEDROCK = { answerTool: answerScriptTool, outputTokensPerSecond: 6_000 };

async function usedSlots(stack: LocalStack, user: string): Promise<number> {
  return (await callApi(stack, 'GET', '/api/quota', { user })).body.used as number;
}

describe('a successful episode', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({ dataDir: data.dir });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('is spoken by espeak-ng, assembled, and charged the cost of its measured duration, never more than its quote', async () => {
    const job = await makeEpisode(stack, 'alice', episode);
    expect(job.status).toBe('ready');
    const audio = readFileSync(
      storedObjectPath(data.dir, objectKeys.episodeAudio('alice', job.jobId)),
    );
    const measured = mp3Info(audio).durationSeconds;
    expect(job.durationSeconds).toBeCloseTo(measured, 6);
    // The file's own size, for a feed's enclosure length.
    expect(job.audioBytes).toBe(audio.byteLength);
    expect(job.measuredCost).toBe(quotaCost('neural', measured));
    expect(job.cost).toBe(Math.min(quotaCost('neural', measured), job.estimatedCost));
    expect(job.chargedWeek).toBe(isoWeekKey(new Date()));
    expect(await usedSlots(stack, 'alice')).toBe(job.cost);
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.chapters?.length).toBeGreaterThan(0);
  });

  it('decodes with no errors in ffmpeg, with the duration the job reports', async () => {
    const [job] = (await callApi(stack, 'GET', '/api/podcasts', { user: 'alice' })).body
      .items as PublicJob[];
    const file = storedObjectPath(data.dir, objectKeys.episodeAudio('alice', job!.jobId));
    const errors = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(errors).toBe('');
    const probed = Number(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
        { encoding: 'utf8' },
      ),
    );
    expect(probed).toBeCloseTo(job!.durationSeconds as number, 2);
  });

  it('serves the audio and captions to the owner through signed links, with ranges, and to nobody else', async () => {
    const [job] = (await callApi(stack, 'GET', '/api/podcasts', { user: 'alice' })).body
      .items as PublicJob[];
    const audio = await fetch(new URL(job!.audioUrl ?? '', stack.url), {
      headers: { range: 'bytes=0-9' },
    });
    expect(audio.status).toBe(206);
    expect((await audio.arrayBuffer()).byteLength).toBe(10);
    const captions = await fetch(new URL(job!.captionsUrl ?? '', stack.url));
    expect(captions.status).toBe(200);
    expect(await captions.text()).toMatch(/^WEBVTT/);
    expect(job!.audioUrl).not.toContain('alice');
    // As S3 answers a presigned URL that does not verify: 403, whoever asks.
    const forged = linkRewritten(job!.audioUrl as string);
    expect(forged).not.toBe(job!.audioUrl);
    expect((await fetch(new URL(forged, stack.url))).status).toBe(403);
    const unsigned = linkUnsigned(job!.audioUrl as string, stack.url);
    expect((await fetch(unsigned, { headers: { 'x-lumcast-user': 'alice' } })).status).toBe(403);
  });

  it('shows nothing of it to another user: an empty list and 404 for the job', async () => {
    const [job] = (await callApi(stack, 'GET', '/api/podcasts', { user: 'alice' })).body
      .items as PublicJob[];
    expect((await callApi(stack, 'GET', '/api/podcasts', { user: 'bob' })).body.items).toEqual([]);
    expect(
      (await callApi(stack, 'GET', `/api/podcasts/${job!.jobId}`, { user: 'bob' })).status,
    ).toBe(404);
    expect(await usedSlots(stack, 'bob')).toBe(0);
  });

  it('charges once when the success callback is delivered again, and a late failure callback changes nothing', async () => {
    const [job] = (await callApi(stack, 'GET', '/api/podcasts', { user: 'alice' })).body
      .items as PublicJob[];
    const before = await usedSlots(stack, 'alice');
    const callback = callbackOf(stack);
    const audio = {
      audioKey: objectKeys.episodeAudio('alice', job!.jobId),
      captionsKey: objectKeys.episodeCaptions('alice', job!.jobId),
      durationSeconds: job!.durationSeconds as number,
      chapters: job!.chapters ?? [],
    };
    await Promise.all(
      [1, 2, 3].map(() =>
        callback({ userId: 'alice', jobId: job!.jobId, outcome: 'succeeded', audio }),
      ),
    );
    await callback({
      userId: 'alice',
      jobId: job!.jobId,
      outcome: 'failed',
      error: { Error: 'Late' },
    });
    expect(await usedSlots(stack, 'alice')).toBe(before);
    expect(
      (await callApi(stack, 'GET', `/api/podcasts/${job!.jobId}`, { user: 'alice' })).body.status,
    ).toBe('ready');
  });
});

describe('a failure in any step', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      scriptWriter: 'bedrock',
      speech: 'polly',
      engine: { ...FAST_POLLY, bedrock: FAST_BEDROCK },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  /** What fails in each step: the service it calls, failing every call until the job ends. */
  const failures: Record<'write' | 'synthesize' | 'assemble', Omit<FaultSpec, 'count'>> = {
    // The model refuses every request (no access to it): the writer gives up at once.
    write: {
      service: 'bedrock-runtime',
      action: 'bedrock:InvokeModel',
      error: { status: 403, code: 'AccessDeniedException', message: 'script model unavailable' },
    },
    // Polly fails every request: the chunk's retries (its own, then the state machine's) run out.
    synthesize: {
      service: 'polly',
      action: 'polly:SynthesizeSpeech',
      error: { status: 500, code: 'ServiceFailureException', message: 'speech engine exploded' },
    },
    // The assembled episode cannot be stored.
    assemble: {
      service: 's3',
      action: 's3:PutObject',
      match: (call) => call.path.endsWith('/episode.mp3'),
      error: { status: 500, code: 'InternalError', message: 'We encountered an internal error.' },
    },
  };

  it.each(['write', 'synthesize', 'assemble'] as const)(
    'in %s ends the job failed with a message and charges nothing',
    async (mode) => {
      const fault = engineOf(stack).endpoints.injectFault({ ...failures[mode], count: Infinity });
      try {
        const job = await makeEpisode(stack, `user-${mode}`, episode);
        expect(fault.answered).toBeGreaterThan(0);
        expect(job.status).toBe('failed');
        expect(job.error).toBeTruthy();
        expect(job.cost).toBeUndefined();
        expect(await usedSlots(stack, `user-${mode}`)).toBe(0);
      } finally {
        fault.disarm();
      }
    },
  );

  it('retries a throttled chunk with backoff, as the state machine says, and then succeeds', async () => {
    const polly = engineOf(stack).polly;
    const before = polly.requests.length;
    polly.inject({ kind: 'throttle', count: 2 });
    const job = await makeEpisode(stack, 'user-throttled', episode);
    const calls = polly.requests.slice(before);
    expect(
      calls.filter((call) => call.outcome === 'ThrottlingException').length,
    ).toBeGreaterThanOrEqual(2);
    expect(calls.length).toBeGreaterThan(2);
    expect(job.status).toBe('ready');
    expect(await usedSlots(stack, 'user-throttled')).toBe(job.cost);
  });

  it('does not stop the next episode from succeeding', async () => {
    const job = await makeEpisode(stack, 'user-after', episode);
    expect(job.error).toBeUndefined();
    expect(job.status).toBe('ready');
    expect(await usedSlots(stack, 'user-after')).toBe(job.cost);
  });
});

describe('a success callback that charges but cannot record it', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({ dataDir: data.dir, speech: 'polly', engine: FAST_POLLY });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('ends ready and charged once, never failed and charged, once the failure path can write', async () => {
    // ReportSuccess makes 1 + 5 attempts (its Retry); all of them fail to write `ready`.
    const jobsTable = stack.env.LUMCAST_JOBS_TABLE;
    const fault = engineOf(stack).endpoints.injectFault({
      service: 'dynamodb',
      action: 'dynamodb:UpdateItem',
      match: (call) =>
        (call.json as { TableName?: string }).TableName === jobsTable &&
        updateSets(call.json, 'status', 'ready'),
      count: 6,
      error: { status: 400, code: 'ResourceNotFoundException', message: 'jobs table unavailable' },
    });
    const job = await makeEpisode(stack, 'lena', episode);
    expect(fault.remaining).toBe(0);
    expect(job.status).toBe('ready');
    expect(await usedSlots(stack, 'lena')).toBe(job.cost);
    expect(job.cost).toBe(
      Math.min(quotaCost('neural', job.durationSeconds as number), job.estimatedCost),
    );
  });
});

describe('episodes of a series', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      scriptWriter: 'bedrock',
      speech: 'polly',
      engine: { ...FAST_POLLY, bedrock: FAST_BEDROCK },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  /** Makes an episode and returns the earlier episodes' titles each of its writer's requests quoted. */
  async function quotedByWriter(user: string, request: typeof episode & { seriesId: string }) {
    const bedrock = engineOf(stack).bedrock;
    const before = bedrock.requests.length;
    const job = await makeEpisode(stack, user, request);
    const asked = bedrock.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    return { job, quoted: asked.map((asking) => previousEpisodeTitles(asking.body)) };
  }

  it('give the next episode the earlier ones from series memory, and keep series apart per user', async () => {
    const series = { ...episode, seriesId: 'Ocean basics' };
    const first = await quotedByWriter('hana', series);
    expect(first.job.status).toBe('ready');
    const second = await quotedByWriter('hana', { ...series, topic: 'Waves' });
    const other = await quotedByWriter('ivan', { ...series, topic: 'Waves' });
    expect(first.quoted.every((titles) => titles.length === 0)).toBe(true);
    expect(second.quoted.every((titles) => titles.length === 1)).toBe(true);
    expect(second.quoted[0]?.[0]).toContain('Tides');
    expect(other.quoted.every((titles) => titles.length === 0)).toBe(true);
  });
});

describe('two requests for the last slots', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({ dataDir: data.dir, speech: 'polly', engine: FAST_POLLY });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('admit the first, which holds them, and refuse the second at once with 429 and no job, ending exactly at the limit', async () => {
    await ledgerOf(stack).settle({
      userId: 'dave',
      jobId: 'earlier-episodes',
      cost: 198,
      weeklyLimit: 200,
    });
    const [first, second] = await Promise.all([
      callApi(stack, 'POST', '/api/podcasts', { user: 'dave', body: episode }),
      callApi(stack, 'POST', '/api/podcasts', { user: 'dave', body: episode }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 429]);
    const refused = first.status === 429 ? first : second;
    expect(refused.body.error).toMatchObject({
      code: 'quota_exhausted',
      remaining: 0,
      reserved: 2,
    });
    await stack.idle();
    const jobs = (await callApi(stack, 'GET', '/api/podcasts', { user: 'dave' })).body
      .items as PublicJob[];
    expect(jobs.map((job) => job.status)).toEqual(['ready']);
    expect(await usedSlots(stack, 'dave')).toBe(200);
    expect(
      existsSync(storedObjectPath(data.dir, objectKeys.episodeAudio('dave', jobs[0]!.jobId))),
    ).toBe(true);
  });
});

describe('a restart of the local stack', () => {
  const data = temporaryDataDir();

  afterAll(() => data.remove());

  it('keeps finished episodes and quota, queues waiting jobs again, finishes charged ones, and fails the rest uncharged', async () => {
    const options = { dataDir: data.dir, speech: 'polly' as const, engine: FAST_POLLY };
    let stack = await startTestStack(options);
    const done = await makeEpisode(stack, 'erin', episode);
    const state = pipelineStateOf(stack);
    const jobs = state.jobs();
    const now = new Date().toISOString();
    const base = {
      userId: 'erin',
      topic: 'Tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'neural' as const,
      createdAt: now,
      updatedAt: now,
      estimatedCost: 2,
    };
    // Both held their quote at request, as the API holds it.
    for (const jobId of ['j-0000000001-00000000000000aa', 'j-0000000002-00000000000000bb']) {
      await state.ledger().reserve({ userId: 'erin', jobId, cost: 2, weeklyLimit: 200 });
    }
    await jobs.create({ ...base, jobId: 'j-0000000001-00000000000000aa', status: 'queued' });
    await jobs.create({
      ...base,
      jobId: 'j-0000000002-00000000000000bb',
      status: 'synthesizing',
      totalChunks: 4,
    });
    // Stopped between the charge and `ready`: charged, audio stored, status still assembling.
    const charged = 'j-0000000003-00000000000000cc';
    await jobs.create({ ...base, jobId: charged, status: 'assembling', totalChunks: 1 });
    const audio = await toneMp3(70);
    await state.store().put(objectKeys.episodeAudio('erin', charged), audio, 'audio/mpeg');
    const chargedCost = quotaCost('neural', mp3Info(audio).durationSeconds);
    await state
      .ledger()
      .settle({ userId: 'erin', jobId: charged, cost: chargedCost, weeklyLimit: 200 });
    state.close();
    await stack.stop();

    stack = await startTestStack(options);
    try {
      expect(stack.recovered).toEqual({
        requeued: ['j-0000000001-00000000000000aa'],
        finished: [charged],
        failed: ['j-0000000002-00000000000000bb'],
      });
      await stack.idle();
      const get = async (jobId: string) =>
        (await callApi(stack, 'GET', `/api/podcasts/${jobId}`, { user: 'erin' })).body as PublicJob;
      expect((await get(done.jobId)).status).toBe('ready');
      const requeued = await get('j-0000000001-00000000000000aa');
      const interrupted = await get('j-0000000002-00000000000000bb');
      expect(requeued.status).toBe('ready');
      expect(interrupted.status).toBe('failed');
      expect(interrupted.cost).toBeUndefined();
      const finished = await get(charged);
      expect(finished).toMatchObject({ status: 'ready', cost: chargedCost });
      expect(await usedSlots(stack, 'erin')).toBe(
        (done.cost as number) + (requeued.cost as number) + chargedCost,
      );
      // The interrupted job's hold was freed, and the requeued one's settled: nothing is held.
      expect((await callApi(stack, 'GET', '/api/quota', { user: 'erin' })).body).toMatchObject({
        reserved: 0,
        inFlight: 0,
      });
    } finally {
      await stack.stop();
    }
  });
});
