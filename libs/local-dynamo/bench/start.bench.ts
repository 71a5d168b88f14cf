/**
 * Benchmark of `startDynalite` (+ `close`) and `createTables`. The baseline,
 * measured in the same run, is bare dynalite: `require('dynalite')(...)`,
 * `listen(0)` and `close()` (the lib's own `createDynaliteServer`) with no client, so the ratio shows what the
 * wrapper (client, request counting, checks) adds to each start.
 *
 * Run: `npx tsx libs/local-dynamo/bench/start.bench.ts`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDynaliteServer } from '../src/dynalite';
import { createTables } from '../src/create-tables';
import { startDynalite } from '../src/start-dynalite';

const ROUNDS = 30;
const TABLES = [
  { name: 'users', partitionKey: 'userId' },
  { name: 'jobs', partitionKey: 'userId', sortKey: 'jobId' },
  { name: 'series', partitionKey: 'userId', sortKey: 'seriesId' },
];

async function median(run: () => Promise<void>): Promise<number> {
  await run(); // warm-up, not recorded
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const bare = await median(async () => {
    const server = createDynaliteServer({ createTableMs: 0 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const inMemory = await median(async () => {
    const dynamo = await startDynalite();
    await dynamo.client.send(new ListTablesCommand({}));
    await dynamo.close();
  });
  const withTables = await median(async () => {
    const dynamo = await startDynalite();
    await createTables(dynamo.client, TABLES);
    await dynamo.close();
  });
  const folder = mkdtempSync(path.join(tmpdir(), 'local-dynamo-bench-'));
  const persisted = await median(async () => {
    const dynamo = await startDynalite({ path: folder });
    await createTables(dynamo.client, TABLES); // after the first round: all exist already
    await dynamo.close();
  });
  rmSync(folder, { recursive: true, force: true });

  const row = (label: string, ms: number): string =>
    `${label.padEnd(58)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / bare).toFixed(1).padStart(6)}x`;
  console.log(`median of ${ROUNDS} rounds, node ${process.version}`);
  console.log(row('baseline: bare dynalite listen + close', bare));
  console.log(row('startDynalite + one ListTables + close (in memory)', inMemory));
  console.log(row('startDynalite + createTables(3 new) + close (in memory)', withTables));
  console.log(row('startDynalite({ path }) + createTables(3 existing) + close', persisted));
}

void main();
