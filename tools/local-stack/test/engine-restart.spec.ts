/**
 * The engine run (`../engine-stack.ts`) stopped or killed with jobs unfinished, and started again
 * on its data folder: its queue messages and executions lived in memory, so the start resumes or
 * ends every job that is not final, as the in-process stack does (`./pipeline.spec.ts`). Needs the
 * cloud assembly (`npx nx run infra:synth`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mp3Info } from '@lumcast/audio-assembly';
import { objectKeys, type PublicJob } from '@lumcast/pipeline';
import { quotaCost } from '@lumcast/quota';
import { engineRecoveryServices } from '../engine-recovery';
import { startEngineStack, type EngineStack } from '../engine-stack';
import {
  alive,
  dynamoDbLocalsOn,
  exitOf,
  killAll,
  parentOf,
  runningUrl,
  signalGroup,
  startScript,
  waitUntil,
} from './process-support';
import { SHORT_SOURCE, temporaryDataDir } from './support';
import { toneMp3 } from './tone-synthesizer';

jest.setTimeout(300_000);

const FINAL = ['ready', 'failed'];

async function getJson<T = PublicJob>(url: string, user: string): Promise<T> {
  const response = await fetch(url, { headers: { 'x-lumcast-user': user } });
  return (await response.json()) as T;
}

async function waitUntilFinal(base: string, user: string, jobId: string): Promise<PublicJob> {
  for (const started = Date.now(); Date.now() - started < 150_000;) {
    const job = await getJson(`${base}/api/podcasts/${jobId}`, user);
    if (FINAL.includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${jobId} did not finish`);
}

function start(dataDir: string): Promise<EngineStack> {
  return startEngineStack({ port: 0, dataDir, scriptWriter: 'offline', speech: 'local' });
}

describe('an engine run stopped with jobs unfinished, started again', () => {
  const data = temporaryDataDir();

  afterAll(() => data.remove());

  it('queues waiting jobs again, finishes charged ones through the callback function, and fails the rest uncharged', async () => {
    let stack = await start(data.dir);
    const seeded = engineRecoveryServices(stack.emulator);
    const now = new Date().toISOString();
    const base = {
      userId: 'erin',
      topic: 'Tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'standard' as const,
      createdAt: now,
      updatedAt: now,
      estimatedCost: 1,
    };
    const queued = 'j-0000000001-00000000000000aa';
    const interrupted = 'j-0000000002-00000000000000bb';
    const charged = 'j-0000000003-00000000000000cc';
    let chargedCost: number;
    try {
      // Both held their quote at request, as the API holds it.
      for (const jobId of [queued, interrupted]) {
        await seeded.ledger().reserve({ userId: 'erin', jobId, cost: 1, weeklyLimit: 200 });
      }
      await seeded.jobs().create({ ...base, jobId: queued, status: 'queued' });
      await seeded
        .jobs()
        .create({ ...base, jobId: interrupted, status: 'synthesizing', totalChunks: 4 });
      // Stopped between the charge and `ready`: charged, audio stored, status still assembling.
      await seeded.jobs().create({ ...base, jobId: charged, status: 'assembling', totalChunks: 1 });
      const audio = await toneMp3(70);
      await seeded.store().put(objectKeys.episodeAudio('erin', charged), audio, 'audio/mpeg');
      chargedCost = quotaCost('standard', mp3Info(audio).durationSeconds);
      await seeded
        .ledger()
        .settle({ userId: 'erin', jobId: charged, cost: chargedCost, weeklyLimit: 200 });
    } finally {
      seeded.close();
      await stack.stop();
    }

    stack = await start(data.dir);
    try {
      expect(stack.recovered).toEqual({
        requeued: [queued],
        finished: [charged],
        failed: [interrupted],
      });
      const requeued = await waitUntilFinal(stack.url, 'erin', queued);
      expect(requeued.status).toBe('ready');
      const failed = await getJson(`${stack.url}/api/podcasts/${interrupted}`, 'erin');
      expect(failed.status).toBe('failed');
      expect(failed.cost).toBeUndefined();
      const finished = await getJson(`${stack.url}/api/podcasts/${charged}`, 'erin');
      expect(finished).toMatchObject({ status: 'ready', cost: chargedCost });
      // The interrupted job's hold was freed, and the requeued one's settled: nothing is held.
      expect(await getJson<object>(`${stack.url}/api/quota`, 'erin')).toMatchObject({
        used: (requeued.cost as number) + chargedCost,
        reserved: 0,
        inFlight: 0,
      });
      expect(stack.emulator.endpoints.denials()).toEqual([]);
    } finally {
      await stack.stop();
    }
  });
});

describe('an engine run killed while it makes an episode', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lumcast-engine-crash-'));

  afterAll(() => {
    killAll([dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends the episode on the next start, failed and uncharged, with nothing held; Ctrl-C then stops everything', async () => {
    const first = startScript(dir);
    const firstUrl = await runningUrl(first);
    const response = await fetch(`${firstUrl}/api/podcasts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lumcast-user': 'alice' },
      body: JSON.stringify({
        topic: 'Tides',
        sourceText: SHORT_SOURCE,
        minutes: 1,
        quality: 'standard',
      }),
    });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    // Killed once the pipeline has the job: past `queued`, not yet final.
    let seen = 'queued';
    await waitUntil(
      'the pipeline has the job',
      async () => {
        seen = (await getJson(`${firstUrl}/api/podcasts/${jobId}`, 'alice')).status;
        return seen !== 'queued';
      },
      60_000,
    );
    expect(FINAL).not.toContain(seen);
    const [jvm] = dynamoDbLocalsOn(dir);
    const server = parentOf(jvm as number) as number;
    process.kill(server, 'SIGKILL');
    await exitOf(first);

    const second = startScript(dir);
    const url = await runningUrl(second);
    expect(alive(jvm as number)).toBe(false);
    const job = await getJson(`${url}/api/podcasts/${jobId}`, 'alice');
    expect(job).toMatchObject({ status: 'failed' });
    expect(job.cost).toBeUndefined();
    expect(await getJson<object>(`${url}/api/quota`, 'alice')).toMatchObject({
      used: 0,
      reserved: 0,
      inFlight: 0,
    });

    signalGroup(second, 'SIGINT');
    await exitOf(second);
    await waitUntil('no DynamoDB Local left on the folder', () => !dynamoDbLocalsOn(dir).length);
  });
});
