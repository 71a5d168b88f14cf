/**
 * Review, render and re-render on the engine: a draft is edited
 * and rendered for its quote; one turn edited again is re-rendered by speaking exactly that turn's
 * chunks (counted at the fake Polly) and charged only the new audio's minutes; the transcript,
 * captions and audio show both edits; and a one-line edit of a 5-minute neural episode re-renders
 * for 2 slots, not 10. The speech is the engine's fake Polly at a chosen speaking rate; a render
 * cut by a restart is one whose speech request the fake Polly never answers (an injected
 * `timeout`).
 */
import { mp3Info } from '@lumcast/audio-assembly';
import type { LocalStack } from './engine-test-stack';
import { engineOf } from './engine-test-stack';
import { waitUntil } from './process-support';
import { callApi, SHORT_SOURCE, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(300_000);

type Turn = { id: string; speaker: string; text: string };

const PLACES = ['Brest', 'Dover', 'Halifax', 'Bergen', 'Cadiz', 'Porto', 'Galway', 'Tromso'];

/** A source long enough for the offline writer to fill five minutes: facts about many harbours. */
const LONG_SOURCE = Array.from({ length: 60 }, (_, i) => {
  const place = `${PLACES[i % PLACES.length]} harbour ${i + 1}`;
  return `At ${place} the spring tide rises ${(i % 9) + 2} metres above the neap tide. Fishing boats at ${place} leave on the ebb and come back with the flood ${i + 3} hours later.`;
}).join(' ');

/** Seconds of speech per character: slower than any speech rate, so the audio measures at least its quote. */
const SECONDS_PER_CHAR = 0.1;

/** Speech requests the stack's fake Polly answered with audio: the chunks it spoke. */
const spokenChunks = (stack: LocalStack) =>
  engineOf(stack).polly.requests.filter((request) => request.outcome === 'audio').length;

/** A link as the API gives it (relative or on the stack's origin), fetched from the stack. */
const fetchLink = (stack: LocalStack, link: string) => fetch(new URL(link, stack.url));

describe('rendering a reviewed script on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      speech: 'polly',
      engine: { polly: { charactersPerSecond: 1 / SECONDS_PER_CHAR } },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  const api = (user: string, method: string, route: string, body?: unknown) =>
    callApi(stack, method, route, { user, ...(body === undefined ? {} : { body }) });

  async function draft(
    user: string,
    minutes: number,
    { sourceText = SHORT_SOURCE, review = true } = {},
  ): Promise<string> {
    const created = await api(user, 'POST', '/api/podcasts', {
      topic: 'Spring tides',
      sourceText,
      minutes,
      quality: 'neural',
      review,
    });
    expect(created.status).toBe(202);
    await stack.idle();
    return created.body.jobId as string;
  }

  async function script(user: string, jobId: string) {
    const read = await api(user, 'GET', `/api/podcasts/${jobId}/script`);
    expect(read.status).toBe(200);
    const turns = read.body.turns.map(({ id, speaker, text }: Turn) => ({ id, speaker, text }));
    return { version: read.body.version as number, turns: turns as Turn[], body: read.body };
  }

  async function edit(user: string, jobId: string, version: number, turns: Turn[]) {
    const quote = await api(user, 'POST', `/api/podcasts/${jobId}/script/quote`, {
      version,
      turns,
    });
    const put = await api(user, 'PUT', `/api/podcasts/${jobId}/script`, { version, turns });
    expect(put.status).toBe(200);
    // The quote shown as the user types is the one the kept version answers.
    expect(quote.body.estimatedCost).toBe(put.body.estimatedCost);
    return { version: put.body.version as number, quote: quote.body };
  }

  async function render(user: string, jobId: string, version: number) {
    const before = spokenChunks(stack);
    const accepted = await api(user, 'POST', `/api/podcasts/${jobId}/render`, { version });
    expect(accepted.status).toBe(202);
    await stack.idle();
    const job = (await api(user, 'GET', `/api/podcasts/${jobId}`)).body;
    return { accepted: accepted.body, job, spoken: spokenChunks(stack) - before };
  }

  async function audioSeconds(url: string): Promise<number> {
    const response = await fetchLink(stack, url);
    return mp3Info(new Uint8Array(await response.arrayBuffer())).durationSeconds;
  }

  it('renders an edited draft for its quote, then re-renders one edited turn for its new minutes only', async () => {
    const user = 'rena';
    const jobId = await draft(user, 2);
    const first = await script(user, jobId);
    expect(first.turns.length).toBeGreaterThan(2);
    const deleted = first.turns.at(-1) as Turn;
    const opening = 'Spring tides come twice a month, at new and full moon.';
    const v2 = await edit(user, jobId, first.version, [
      { ...(first.turns[0] as Turn), text: opening },
      ...first.turns.slice(1, -1),
    ]);

    const one = await render(user, jobId, v2.version);
    expect(one.accepted).toMatchObject({
      version: 2,
      status: 'queued',
      estimatedCost: v2.quote.estimatedCost,
      chunksReused: 0,
    });
    expect(one.spoken).toBe(one.accepted.chunksToSynthesize);
    expect(one.job).toMatchObject({
      status: 'ready',
      cost: v2.quote.estimatedCost,
      scriptVersion: 2,
      renders: [
        {
          version: 2,
          charged: v2.quote.estimatedCost,
          chunksSynthesized: one.accepted.chunksToSynthesize,
          chunksReused: 0,
          status: 'rendered',
        },
      ],
    });
    const firstSeconds = await audioSeconds(one.job.audioUrl);

    // One more edit of one turn: only its chunk is new.
    const second = await script(user, jobId);
    const changed = second.turns[1] as Turn;
    const addition = ' And the range is largest then.';
    const v3 = await edit(user, jobId, second.version, [
      ...second.turns.slice(0, 1),
      { ...changed, text: `${changed.text}${addition}` },
      ...second.turns.slice(2),
    ]);
    expect(v3.quote).toMatchObject({ estimatedCost: 2, chunksToSynthesize: 1 });
    expect(v3.quote.chunksReused).toBe(second.turns.length - 1);

    const two = await render(user, jobId, v3.version);
    expect(two.accepted).toMatchObject({
      status: 'ready',
      estimatedCost: 2,
      chunksToSynthesize: 1,
    });
    expect(two.spoken).toBe(1);
    expect(two.job).toMatchObject({
      status: 'ready',
      cost: v2.quote.estimatedCost + 2,
      scriptVersion: 3,
      renders: [
        { version: 2, charged: v2.quote.estimatedCost },
        {
          version: 3,
          charged: 2,
          chunksSynthesized: 1,
          chunksReused: second.turns.length - 1,
          status: 'rendered',
        },
      ],
    });
    expect((await api(user, 'GET', '/api/quota')).body).toMatchObject({
      used: v2.quote.estimatedCost + 2,
      reserved: 0,
      inFlight: 0,
    });

    // The transcript, the captions and the audio show both edits.
    const texts = (await script(user, jobId)).turns.map((turn) => turn.text);
    expect(texts[0]).toBe(opening);
    expect(texts[1]).toBe(`${changed.text}${addition}`);
    expect(texts).not.toContain(deleted.text);
    const vtt = await (await fetchLink(stack, two.job.captionsUrl)).text();
    expect(vtt).toContain('twice a month');
    expect(vtt).toContain('the range is largest then');
    const secondSeconds = await audioSeconds(two.job.audioUrl);
    expect(secondSeconds - firstSeconds).toBeCloseTo(addition.length * SECONDS_PER_CHAR, 0);
    expect(two.job.durationSeconds).toBeCloseTo(secondSeconds, 1);
  });

  it('re-renders a one-line edit of a ready 5-minute neural episode, made without review, for 2 slots, not 10', async () => {
    const user = 'five';
    // The same speaking rate: the edited line's audio is under a minute, one started minute
    // whatever its length, and the fake Polly takes no longer for longer audio.
    const before = spokenChunks(stack);
    const jobId = await draft(user, 5, { sourceText: LONG_SOURCE, review: false });
    const made = (await api(user, 'GET', `/api/podcasts/${jobId}`)).body;
    expect(made.status).toBe('ready');
    const written = await script(user, jobId);
    // Its chunks are stored by address: the script as it is would cost nothing to render.
    expect(written.body.estimatedCost).toBe(0);
    expect(spokenChunks(stack) - before).toBeGreaterThan(1);

    const [first, ...rest] = written.turns as [Turn, ...Turn[]];
    const v2 = await edit(user, jobId, written.version, [
      { ...first, text: 'Welcome back to the tides.' },
      ...rest,
    ]);
    expect(v2.quote).toMatchObject({ estimatedCost: 2, chunksToSynthesize: 1 });
    expect(v2.quote.estimatedSeconds).toBeGreaterThan(4 * 60);
    const two = await render(user, jobId, v2.version);
    expect(two.spoken).toBe(1);
    expect(two.job.renders).toEqual([
      {
        version: 2,
        charged: 2,
        chunksSynthesized: 1,
        chunksReused: written.turns.length - 1,
        status: 'rendered',
      },
    ]);
    expect(two.job.cost).toBe(made.cost + 2);
  });
});

describe('a restart during a re-render', () => {
  const data = temporaryDataDir();
  afterAll(() => data.remove());

  it('releases the interrupted render uncharged, keeps the episode ready on its previous audio, and renders the version again', async () => {
    // The data folder is kept across the restart; each run's fake Polly speaks.
    const start = () => startTestStack({ dataDir: data.dir, speech: 'polly' });
    let stack = await start();
    const user = 'cut';
    const call = (method: string, route: string, body?: unknown) =>
      callApi(stack, method, route, { user, ...(body === undefined ? {} : { body }) });
    const created = await call('POST', '/api/podcasts', {
      topic: 'Spring tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'neural',
      review: true,
    });
    const { jobId } = created.body;
    await stack.idle();
    expect((await call('POST', `/api/podcasts/${jobId}/render`, { version: 1 })).status).toBe(202);
    await stack.idle();
    const ready = (await call('GET', `/api/podcasts/${jobId}`)).body;
    expect(ready.status).toBe('ready');

    const script = (await call('GET', `/api/podcasts/${jobId}/script`)).body;
    const turns = script.turns.map(({ id, speaker, text }: Turn) => ({ id, speaker, text }));
    turns[0].text = 'Hold here, the tide turns.';
    expect((await call('PUT', `/api/podcasts/${jobId}/script`, { version: 1, turns })).status).toBe(
      200,
    );
    // The re-render speaks one chunk, the "Hold here" line: the fake Polly never answers it, and
    // the stack stops while it waits (a stop mid-render).
    const polly = engineOf(stack).polly;
    polly.inject({ kind: 'timeout', count: 1 });
    expect((await call('POST', `/api/podcasts/${jobId}/render`, { version: 2 })).status).toBe(202);
    await waitUntil('the fake Polly is asked to speak the held line', () =>
      polly.requests.some((request) => request.text.includes('Hold here')),
    );
    await stack.stop();

    stack = await start();
    try {
      expect(stack.recovered.failed).toEqual([jobId]);
      const after = (await call('GET', `/api/podcasts/${jobId}`)).body;
      expect(after).toMatchObject({
        status: 'ready',
        cost: ready.cost,
        durationSeconds: ready.durationSeconds,
        renders: [{ status: 'rendered' }, { version: 2, charged: 0, status: 'failed' }],
      });
      expect((await call('GET', '/api/quota')).body).toMatchObject({
        used: ready.cost,
        reserved: 0,
        inFlight: 0,
      });
      // Rendered again, the version is charged once, for its new line only.
      const again = await call('POST', `/api/podcasts/${jobId}/render`, { version: 2 });
      expect(again.body).toMatchObject({ estimatedCost: 2, chunksToSynthesize: 1 });
      await stack.idle();
      const done = (await call('GET', `/api/podcasts/${jobId}`)).body;
      expect(done).toMatchObject({ status: 'ready', cost: ready.cost + 2, scriptVersion: 2 });
      expect(done.renders[2]).toMatchObject({ version: 2, charged: 2, status: 'rendered' });
      expect((await call('GET', '/api/quota')).body.used).toBe(ready.cost + 2);
    } finally {
      await stack.stop();
    }
  });
});
