/**
 * Issue 32's responsiveness figures for `npm start`: starts it (with this process's environment)
 * on `PORT` 3311 and a fresh data folder, times the start to
 * "Lumcast is running at", a bystander's quiet 1-minute neural episode, then three 3-minute neural
 * episodes and, 2 s in, the bystander's again, while `GET /api/quota` is probed every 100 ms on
 * fresh and on keep-alive connections. Prints the figures and asserts nothing.
 *
 *   npx tsx --tsconfig tools/tsconfig.json tools/local-stack/responsiveness.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = 3311;
const BASE = `http://localhost:${PORT}`;
const REPO_ROOT = path.resolve(__dirname, '../..');

interface Answer {
  ms: number;
  status: number;
  body: string;
}

function get(route: string, user: string, agent: Agent | false): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      `${BASE}${route}`,
      { agent, headers: { 'x-lumcast-user': user } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

async function episode(
  user: string,
  minutes: number,
): Promise<{ seconds: number; status: string }> {
  const started = performance.now();
  const created = await fetch(`${BASE}/api/podcasts`, {
    method: 'POST',
    headers: { 'x-lumcast-user': user, 'content-type': 'application/json' },
    body: JSON.stringify({ topic: `Tides for ${user}`, minutes, quality: 'neural' }),
  });
  const { jobId } = (await created.json()) as { jobId: string };
  if (created.status !== 202) throw new Error(`POST answered ${created.status}`);
  for (;;) {
    const { status } = JSON.parse((await get(`/api/podcasts/${jobId}`, user, false)).body) as {
      status: string;
    };
    if (status === 'ready' || status === 'failed')
      return { seconds: (performance.now() - started) / 1000, status };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function figures(name: string, values: number[]): string {
  const [p50, p99, max] = [percentile(values, 50), percentile(values, 99), Math.max(...values)];
  return `${name} (${values.length}): p50 ${p50.toFixed(0)} p99 ${p99.toFixed(0)} max ${max.toFixed(0)} ms`;
}

/** Probes `GET /api/quota` every 100 ms until `done()`; answers the latencies and the failures. */
async function probe(agent: Agent | false, done: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  while (!done()) {
    try {
      const answer = await get('/api/quota', 'prober', agent);
      if (answer.status !== 200) failures += 1;
      latencies.push(answer.ms);
    } catch {
      failures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { latencies, failures };
}

async function measure(): Promise<void> {
  const quiet = await episode('quiet-bystander', 1);
  console.log(`bystander 1-minute neural, quiet: ${quiet.seconds.toFixed(1)} s (${quiet.status})`);
  let done = false;
  const probes = [false as const, new Agent({ keepAlive: true, maxSockets: 1 })].map((agent) =>
    probe(agent, () => done),
  );
  const heavy = Promise.all(['u1', 'u2', 'u3'].map((user) => episode(user, 3)));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const busy = await episode('busy-bystander', 1);
  const three = await heavy;
  done = true;
  const [fresh, kept] = await Promise.all(probes);
  console.log(
    `three 3-minute neural: ${three.map((e) => `${e.seconds.toFixed(1)} s ${e.status}`).join(', ')}`,
  );
  console.log(
    `bystander 1-minute neural, busy: ${busy.seconds.toFixed(1)} s (${busy.status}), ratio ${(busy.seconds / quiet.seconds).toFixed(2)}`,
  );
  console.log(figures('GET /api/quota fresh', fresh?.latencies ?? []));
  console.log(figures('GET /api/quota keep-alive', kept?.latencies ?? []));
  console.log(`failed or refused probes: ${(fresh?.failures ?? 0) + (kept?.failures ?? 0)}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumcast-bench-'));
  const started = performance.now();
  const stack = spawn(
    'npx',
    ['tsx', '--tsconfig', 'tools/tsconfig.json', 'tools/local-stack/start.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(PORT), LUMCAST_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      stack.once('exit', (code) => reject(new Error(`the stack exited (${code})`)));
      stack.stdout.on('data', (data: Buffer) => {
        if (data.toString().includes('Lumcast is running at')) resolve();
      });
    });
    console.log(`start to "running at": ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await measure();
  } finally {
    if (stack.pid !== undefined) process.kill(-stack.pid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
