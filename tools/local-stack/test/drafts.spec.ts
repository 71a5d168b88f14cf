/**
 * A review job on the local stack: posted with `"review": true`, it runs the same state machine
 * until its script is stored, stops at `script_ready` with nothing spoken and no slot held, and
 * its script is read back as timed turns with the quote for rendering it, and an edit of it is
 * kept as the next version.
 */
import type { LocalStack } from './support';
import {
  callApi,
  SHORT_SOURCE,
  spokenText,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

describe('a draft for review on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  const synthesizer = new ToneSynthesizer();

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      tones: synthesizer,
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('stops at script_ready with nothing spoken or held, answers its script as timed turns with a quote, and keeps an edit as version 2', async () => {
    const created = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'rhea',
      body: {
        topic: 'Spring tides',
        sourceText: SHORT_SOURCE,
        minutes: 1,
        quality: 'neural',
        review: true,
      },
    });
    expect(created).toMatchObject({ status: 202, body: { status: 'queued' } });
    const { jobId } = created.body;
    await stack.idle();

    const job = (await callApi(stack, 'GET', `/api/podcasts/${jobId}`, { user: 'rhea' })).body;
    expect(job).toMatchObject({ jobId, status: 'script_ready' });
    expect(job.cost).toBeUndefined();
    expect(job.audioUrl).toBeUndefined();
    expect(synthesizer.calls).toBe(0);
    expect((await callApi(stack, 'GET', '/api/quota', { user: 'rhea' })).body).toMatchObject({
      used: 0,
      reserved: 0,
      inFlight: 0,
    });

    const script = await callApi(stack, 'GET', `/api/podcasts/${jobId}/script`, { user: 'rhea' });
    expect(script.status).toBe(200);
    expect(script.body.version).toBe(1);
    expect(script.body.turns.length).toBeGreaterThan(0);
    const names = script.body.hosts.map((host: { name: string }) => host.name);
    script.body.turns.forEach(
      (turn: { id: string; speaker: string; seconds: number }, i: number) => {
        expect(turn.id).toBe(`t${i + 1}`);
        expect(names).toContain(turn.speaker);
        expect(turn.seconds).toBeGreaterThan(0);
      },
    );
    expect(script.body.turns.map((turn: { text: string }) => turn.text).join(' ')).toBe(
      spokenText(data.dir, 'rhea', jobId),
    );
    expect(
      script.body.chapters.flatMap((chapter: { turnIds: string[] }) => chapter.turnIds),
    ).toEqual(script.body.turns.map((turn: { id: string }) => turn.id));
    // neural: 2 slots for every started minute of the estimate.
    expect(script.body.estimatedCost).toBe(2 * Math.ceil(script.body.estimatedSeconds / 60));

    expect(
      (await callApi(stack, 'GET', `/api/podcasts/${jobId}/script`, { user: 'mallory' })).status,
    ).toBe(404);

    // One edit: the first turn's text changed, the last turn deleted; it is kept as version 2.
    const turns = script.body.turns.map(({ id, speaker, text }: Record<string, string>) => ({
      id,
      speaker,
      text,
    }));
    const edited = [{ ...turns[0], text: 'Spring tides come twice a month.' }, ...turns.slice(1)];
    if (edited.length > 1) edited.pop();
    const put = await callApi(stack, 'PUT', `/api/podcasts/${jobId}/script`, {
      user: 'rhea',
      body: { version: 1, turns: edited },
    });
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(2);
    expect(
      put.body.turns.map((turn: { id: string; text: string }) => [turn.id, turn.text]),
    ).toEqual(edited.map((turn: { id: string; text: string }) => [turn.id, turn.text]));
    expect(put.body.estimatedCost).toBe(2 * Math.ceil(put.body.estimatedSeconds / 60));
    expect(await callApi(stack, 'GET', `/api/podcasts/${jobId}/script`, { user: 'rhea' })).toEqual(
      put,
    );
    expect(
      (
        await callApi(stack, 'PUT', `/api/podcasts/${jobId}/script`, {
          user: 'rhea',
          body: { version: 1, turns: edited },
        })
      ).body.error,
    ).toMatchObject({ code: 'stale_version', latestVersion: 2 });
    expect(synthesizer.calls).toBe(0);
  });
});
