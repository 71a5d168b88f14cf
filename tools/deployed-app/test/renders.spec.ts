import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, decodedMp3Seconds, describeDenials, undeclaredCalls } from './episodes';

// Review, render and re-render through the synthesized app, every AWS call checked against IAM:
// a draft edited and rendered for its quote, one turn edited again and re-rendered by speaking
// that turn's chunk only (counted at Polly), charged only the new audio.

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

type Turn = { id: string; speaker: string; text: string };

/** Polls a job until `done` holds for it, or throws naming its last state after `withinMs`. */
async function until(
  token: string,
  jobId: string,
  done: (job: any) => boolean,
  withinMs = 240_000,
): Promise<any> {
  const end = Date.now() + withinMs;
  let last: any;
  while (Date.now() < end) {
    last = (await api(deployed, token, 'GET', `/api/podcasts/${jobId}`)).body;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} is still ${JSON.stringify(last?.status)} (stuck)`);
}

const pollyCalls = () =>
  deployed.endpoints.calls.filter((call) => call.action === 'polly:SynthesizeSpeech').length;

async function editAndQuote(token: string, jobId: string, version: number, turns: Turn[]) {
  const quote = await api(deployed, token, 'POST', `/api/podcasts/${jobId}/script/quote`, {
    version,
    turns,
  });
  expect(quote.status).toBe(200);
  const put = await api(deployed, token, 'PUT', `/api/podcasts/${jobId}/script`, {
    version,
    turns,
  });
  expect(put.status).toBe(200);
  expect(put.body.estimatedCost).toBe(quote.body.estimatedCost);
  return { version: put.body.version as number, quote: quote.body };
}

async function turnsOf(token: string, jobId: string): Promise<Turn[]> {
  const script = await api(deployed, token, 'GET', `/api/podcasts/${jobId}/script`);
  expect(script.status).toBe(200);
  return script.body.turns.map(({ id, speaker, text }: Turn) => ({ id, speaker, text }));
}

describe('renders through the deployed app', () => {
  it('renders an edited draft for at most its quote and re-renders one edited turn by speaking only it, with no IAM denial', async () => {
    const token = await deployed.token('render-1');
    const created = await api(deployed, token, 'POST', '/api/podcasts', {
      topic: 'Spring tides',
      minutes: 1,
      quality: 'neural',
      review: true,
    });
    expect(created.status).toBe(202);
    const { jobId } = created.body;
    await until(token, jobId, (job) => job.status === 'script_ready');
    expect(pollyCalls()).toBe(0);

    const first = await turnsOf(token, jobId);
    expect(first.length).toBeGreaterThan(2);
    const opening = 'Spring tides come twice a month.';
    const v2 = await editAndQuote(token, jobId, 1, [
      { ...(first[0] as Turn), text: opening },
      ...first.slice(1, -1),
    ]);
    const rendered = await api(deployed, token, 'POST', `/api/podcasts/${jobId}/render`, {
      version: v2.version,
    });
    expect(rendered).toMatchObject({
      status: 202,
      body: { status: 'queued', estimatedCost: v2.quote.estimatedCost },
    });
    const one = await until(token, jobId, (job) => job.status === 'ready');
    expect(pollyCalls()).toBe(rendered.body.chunksToSynthesize);
    const charged = one.renders[0].charged as number;
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(v2.quote.estimatedCost);
    expect(one).toMatchObject({ cost: charged, scriptVersion: 2 });

    const second = await turnsOf(token, jobId);
    const addition = ' And the range is largest then.';
    const v3 = await editAndQuote(token, jobId, v2.version, [
      second[0] as Turn,
      { ...(second[1] as Turn), text: `${(second[1] as Turn).text}${addition}` },
      ...second.slice(2),
    ]);
    expect(v3.quote).toMatchObject({ estimatedCost: 2, chunksToSynthesize: 1 });
    const before = pollyCalls();
    const again = await api(deployed, token, 'POST', `/api/podcasts/${jobId}/render`, {
      version: v3.version,
    });
    expect(again).toMatchObject({ status: 202, body: { status: 'ready', chunksToSynthesize: 1 } });
    const two = await until(
      token,
      jobId,
      (job) => job.renders?.length === 2 && job.renders[1].status !== 'rendering',
    );
    expect(pollyCalls() - before).toBe(1);
    expect(two.renders[1]).toMatchObject({
      version: 3,
      status: 'rendered',
      chunksSynthesized: 1,
      chunksReused: second.length - 1,
    });
    expect(two.renders[1].charged).toBeLessThanOrEqual(2);
    expect(two.cost).toBe(charged + two.renders[1].charged);
    expect((await api(deployed, token, 'GET', '/api/quota')).body).toMatchObject({
      used: two.cost,
      reserved: 0,
      inFlight: 0,
    });

    // The transcript, the captions and the audio are the edited version's.
    const texts = (await turnsOf(token, jobId)).map((turn) => turn.text);
    expect(texts[0]).toBe(opening);
    expect(texts[1]?.endsWith(addition)).toBe(true);
    const captions = await (await fetch(two.captionsUrl)).text();
    expect(captions).toContain('twice a month');
    expect(captions).toContain('the range is largest then');
    const seconds = await decodedMp3Seconds(two.audioUrl);
    expect(Math.abs(seconds - two.durationSeconds)).toBeLessThan(1);
    expect(describeDenials(deployed)).toEqual([]);
    expect(undeclaredCalls(deployed)).toEqual([]);
  }, 600_000);
});
