/**
 * The quota's admission on the whole local stack: a POST holds the quote, what does not fit is
 * refused at once, paid work is bounded by the hold, and the charge never passes the quote.
 */
import { planLimitsFor, quotaCost } from '@lumcast/quota';
import type { PublicJob } from '@lumcast/pipeline';
import type { LocalStack } from './support';
import {
  callApi,
  makeEpisode,
  SHORT_SOURCE,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(300_000);

const FINAL = new Set(['ready', 'failed', 'quota_exceeded', 'rejected_quota']);
const oneMinute = { topic: 'Tides', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };

/**
 * Polls one job until it is final (without waiting for the rest of the stack). A GET that
 * meets a keep-alive socket the busy server just closed (ECONNRESET) is asked again, as any
 * client would: the stack's one process encodes MP3 on the event loop, which can outlast
 * Node's 5 s keep-alive timeout between two polls.
 */
async function finished(stack: LocalStack, user: string, jobId: string): Promise<PublicJob> {
  for (;;) {
    const answer = await callApi(stack, 'GET', `/api/podcasts/${jobId}`, { user }).catch(
      (error: Error) => {
        if (/ECONNRESET|socket hang up|other side closed/.test(error.message)) return undefined;
        throw error;
      },
    );
    const job = answer?.body as PublicJob | undefined;
    if (job && FINAL.has(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function allJobs(stack: LocalStack, user: string): Promise<PublicJob[]> {
  const jobs: PublicJob[] = [];
  let cursor: string | undefined;
  do {
    const query = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const { body } = await callApi(stack, 'GET', `/api/podcasts${query}`, { user });
    jobs.push(...(body.items as PublicJob[]));
    cursor = body.nextCursor as string | undefined;
  } while (cursor);
  return jobs;
}

describe('an episode that comes out longer than quoted', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    // Slow "speech": a 2-minute script comes out well past 2:00.
    const synthesizer = new ToneSynthesizer({ secondsPerChar: 0.2 });
    stack = await startTestStack({
      dataDir: data.dir,
      tones: synthesizer,
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('is charged its quote, not the longer measured cost, and reports both', async () => {
    const created = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'long',
      body: { ...oneMinute, minutes: 2 },
    });
    expect(created.body.estimatedCost).toBe(4);
    const job = await finished(stack, 'long', created.body.jobId as string);
    expect(job.status).toBe('ready');
    expect(job.durationSeconds).toBeGreaterThan(120);
    const measured = quotaCost('neural', job.durationSeconds as number);
    expect(measured).toBeGreaterThan(4);
    expect(job).toMatchObject({ estimatedCost: 4, cost: 4, measuredCost: measured });
    expect((await callApi(stack, 'GET', '/api/quota', { user: 'long' })).body).toMatchObject({
      used: 4,
      reserved: 0,
      inFlight: 0,
    });
  });
});

describe('a burst of 200 POSTs by one free user', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    // A fast stand-in voice for both users, so the comparison is about admission, not espeak.
    const synthesizer = new ToneSynthesizer();
    stack = await startTestStack({
      dataDir: data.dir,
      tones: synthesizer,
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('never runs more than the in-flight cap at once, refuses the rest with 429, and admits another user at once beside at most the cap of the burst', async () => {
    // Another user's 1-minute episode on the quiet stack, for comparison.
    const quietStart = Date.now();
    await makeEpisode(stack, 'quiet', oneMinute);
    const quietMs = Date.now() - quietStart;

    let maxInFlight = 0;
    let bursting = true;
    const watcher = (async () => {
      while (bursting) {
        const answer = await callApi(stack, 'GET', '/api/quota', { user: 'burst' }).catch(
          () => undefined,
        );
        maxInFlight = Math.max(maxInFlight, Number(answer?.body?.inFlight ?? 0));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const burst = Promise.all(
      Array.from({ length: 200 }, () =>
        callApi(stack, 'POST', '/api/podcasts', { user: 'burst', body: oneMinute }),
      ),
    );
    const otherStart = Date.now();
    const other = await callApi(stack, 'POST', '/api/podcasts', { user: 'other', body: oneMinute });

    expect(other.status).toBe(202);
    const otherJob = await finished(stack, 'other', other.body.jobId as string);
    const otherMs = Date.now() - otherStart;

    const answers = await burst;
    await stack.idle();
    bursting = false;
    await watcher;

    const limits = planLimitsFor('free');
    const accepted = answers.filter((answer) => answer.status === 202);
    expect(accepted.length).toBeGreaterThan(0);
    expect(maxInFlight).toBeLessThanOrEqual(limits.maxInFlight);
    // A job admitted once an earlier one finished is fine; the per-minute rate bounds the rest.
    expect(accepted.length).toBeLessThanOrEqual(
      limits.reservationsPerMinute * Math.ceil((Date.now() - otherStart) / 60_000 + 1),
    );
    for (const refused of answers.filter((answer) => answer.status !== 202)) {
      expect(refused.status).toBe(429);
      expect(['too_many_in_flight', 'rate_limited', 'quota_busy']).toContain(
        refused.body.error.code,
      );
    }
    // Every job that was ever created for the burst is one that was admitted: paid work is
    // bounded by the holds, never more than the week's slots.
    const jobs = await allJobs(stack, 'burst');
    expect(jobs).toHaveLength(accepted.length);
    expect(jobs.reduce((sum, job) => sum + job.estimatedCost, 0)).toBeLessThanOrEqual(
      limits.weeklySlots,
    );
    expect(jobs.every((job) => job.status === 'ready')).toBe(true);
    const quota = (await callApi(stack, 'GET', '/api/quota', { user: 'burst' })).body;
    expect(quota).toMatchObject({ reserved: 0, inFlight: 0 });
    expect(quota.used).toBe(jobs.reduce((sum, job) => sum + (job.cost ?? 0), 0));

    expect(otherJob.status).toBe('ready');
    // Fairness by count, not by the clock: the other user was admitted at once (above) and
    // shared the stack with at most the cap's worth of the burst (maxInFlight); before
    // reservations it queued behind ~100 of the burst's episodes. The slowdown is a printed
    // figure: on a shared CI machine a wall-clock bound flakes with whatever else runs beside the
    // suite (25.5 s against a bound of 24.6 s once).
    console.log(
      `quota admission: another user's 1-minute episode took ${otherMs} ms beside the burst, ${quietMs} ms alone (${(otherMs / quietMs).toFixed(1)}×, in-flight cap ${limits.maxInFlight})`,
    );
  });
});
