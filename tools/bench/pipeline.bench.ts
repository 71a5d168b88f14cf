/**
 * Pipeline benchmark (the `tools:bench` target, after `functions:build`):
 *
 * (a) each Lambda bundle in dist/apps/functions: its size and its cold
 *     `import()` time, each import in a fresh `node` child process with the
 *     environment the handler needs (dummy values), median of 15 (`--runs=N`) — against a
 *     baseline measured in the same run: the cold import of a trivial ESM file,
 *     and against the function's own floor, also built in the same run: a bundle
 *     (esbuild, the build's own options and banner) whose entry only imports and
 *     constructs the AWS SDK clients that function's entry creates (read from
 *     apps/functions/src/handlers/<name>.ts), so "× floor" is what the function's
 *     own code and libraries add to the SDK clients it cannot do without.
 *     Runs are interleaved (round-robin over the files) so machine load hits
 *     every file alike, and each bundle is imported right before its floor:
 *     "× floor" is the median of those paired ratios, which a load spike
 *     spanning both imports cancels out of.
 * (b) the time from POST to `ready` for a 2-minute neural episode on the local
 *     stack, the synthesized app on the engine (temporary data folder, port 0, espeak-ng and
 *     the offline script writer in the deployed bundles; `infra:synth` first), split by stage as seen by polling the job, and
 *     against the episode's own length (real-time factor).
 *
 * Prints figures; asserts nothing. Run: `npx tsx --tsconfig tools/tsconfig.json tools/bench/pipeline.bench.ts`
 * (add `--only=bundles` or `--only=episode` for one part).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

const REPO_ROOT = path.resolve(__dirname, '../..');
const BUNDLE_DIR = path.join(REPO_ROOT, 'dist/apps/functions');
const HANDLER_DIR = path.join(REPO_ROOT, 'apps/functions/src/handlers');
const FUNCTIONS_PROJECT = path.join(REPO_ROOT, 'apps/functions/project.json');
const RUNS = Number(
  process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 15,
);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error('--runs must be a whole number of runs, at least 1');
const POLL_MS = 25;

/** What every handler reads at cold start (dummy values; nothing is called). */
const HANDLER_ENV: Record<string, string> = {
  LUMCAST_USERS_TABLE: 'bench-users',
  LUMCAST_JOBS_TABLE: 'bench-jobs',
  LUMCAST_SERIES_TABLE: 'bench-series',
  LUMCAST_FEEDS_TABLE: 'bench-feeds',
  LUMCAST_AUDIO_BUCKET: 'bench-audio',
  LUMCAST_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-jobs',
  LUMCAST_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:bench',
  LUMCAST_SCRIPT_WRITER: 'bedrock',
  LUMCAST_BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0',
  LUMCAST_SPEECH: 'polly',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
};

/** About 600 words, so the offline writer has real material for a 2-minute episode. */
const SOURCE_TEXT = `
Lighthouses were the first traffic signals of the sea. For most of history a ship near a coast at night
had only the stars, a compass and the memory of its pilot to go by, and the coast itself was the greatest
danger. The earliest lights were simple fires on hills or towers. The Pharos of Alexandria, finished
around 280 BC, burned wood at the top of a stone tower more than one hundred metres tall, and sailors
could see its glow from far out at sea. Roman engineers built smaller towers along the coasts of their
empire, and some of them, like the tower at A Coruna in Spain, still stand today.

For centuries the light itself changed little. Keepers burned wood, then coal, then candles, and later oil
in lamps with wicks. An open fire is bright up close but wastes most of its light: it shines up into the
sky and down into the ground as much as out to sea. The great step forward came in 1822, when the French
physicist Augustin Fresnel designed a lens made of rings of glass prisms. His lens gathered the light of a
single lamp and bent it into a narrow, level beam. A Fresnel lens could make a modest flame visible more
than thirty kilometres away, and within a few decades lighthouses around the world had adopted it.

A light that can be seen is only useful if sailors know which light it is. Every lighthouse therefore has
its own signature, called its characteristic. Some lights flash once every five seconds, others flash in
groups of two or three, and some are steady with brief dark intervals called occultations. Colour adds more
information: a red or green sector warns a ship that it has strayed toward rocks on one side of a safe
channel. The characteristics are printed in lists of lights and on nautical charts, so a navigator who
counts the flashes can tell exactly where the ship is.

Daytime needs a different signature. Towers are painted in bands, stripes, spirals or checks so that they
can be told apart against the sky, and their shapes differ too. In fog neither paint nor light helps, so
many stations added sound signals: bells, whistles, sirens and the deep, two-tone diaphone, whose groan
could carry for many kilometres across the water.

Keeping a light was hard and lonely work. Keepers trimmed wicks, polished lenses, wound the clockwork that
turned the lens, and kept logs of the weather and passing ships. On rock stations far from shore they
lived for weeks at a time in the tower itself, cut off by storms. Some families raised children on islands
where the lighthouse was the only building.

During the twentieth century electricity, automatic lamp changers and sensors removed the need for
resident keepers. Most lighthouses are now monitored remotely, and satellite navigation has taken over much
of their old job. Yet they remain in service. A receiver can fail and a screen can go dark, but a light on
a headland still works when everything else on a ship has stopped working. Many towers have also found new
lives as museums, guest houses and landmarks, reminders of the long effort to make the coast a little less
dangerous for the people who work at sea.
`
  .replace(/\s+/g, ' ')
  .trim();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Imports one file in a fresh node process and returns the import's own duration in ms. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...HANDLER_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = Number(output.trim());
  if (!Number.isFinite(ms)) throw new Error(`Could not time the import of ${file}: ${output}`);
  return ms;
}

/** The AWS SDK clients a function's entry imports and constructs: `[client class, package]`. */
function sdkClientsOf(functionName: string): Array<[string, string]> {
  const source = readFileSync(path.join(HANDLER_DIR, `${functionName}.ts`), 'utf8');
  const clients = [...source.matchAll(/import \{ (\w+Client) \} from '(@aws-sdk\/client-[\w-]+)'/g)]
    .map((match): [string, string] => [match[1] as string, match[2] as string])
    .filter(([client]) => source.includes(`new ${client}(`));
  if (clients.length === 0) throw new Error(`${functionName}.ts creates no AWS SDK client`);
  return clients;
}

/**
 * Builds the function's floor into `scratch`: an entry that only imports and constructs its
 * SDK clients, bundled with the same esbuild options and banner as `functions:build`.
 */
function buildFloor(functionName: string, scratch: string): string {
  const { options } = JSON.parse(readFileSync(FUNCTIONS_PROJECT, 'utf8')).targets.build as {
    options: { target: string; external: string[]; esbuildOptions: { banner: { js: string } } };
  };
  const clients = sdkClientsOf(functionName);
  const contents = [
    ...clients.map(([client, pkg]) => `import { ${client} } from '${pkg}';`),
    `export const clients = [${clients.map(([client]) => `new ${client}({})`).join(', ')}];`,
    'export const handler = async () => clients.length;',
  ].join('\n');
  const outfile = path.join(scratch, `floor-${functionName}.mjs`);
  buildSync({
    stdin: {
      contents,
      resolveDir: REPO_ROOT,
      loader: 'js',
      sourcefile: `floor-${functionName}.js`,
    },
    outfile,
    bundle: true,
    platform: 'node',
    target: options.target,
    format: 'esm',
    minify: true,
    external: options.external,
    banner: options.esbuildOptions.banner,
    legalComments: 'none',
    logLevel: 'error',
  });
  return outfile;
}

function benchBundles(): void {
  let bundles: string[];
  try {
    bundles = readdirSync(BUNDLE_DIR)
      .filter((file) => file.endsWith('.mjs'))
      .sort();
  } catch {
    throw new Error(
      `${BUNDLE_DIR} is missing: build the functions first (npx nx run functions:build).`,
    );
  }
  if (bundles.length === 0) throw new Error(`No bundles in ${BUNDLE_DIR}`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'lumcast-bench-'));
  const trivial = path.join(scratch, 'trivial.mjs');
  writeFileSync(trivial, 'export const handler = async () => ({ statusCode: 200 });\n');
  try {
    const floors = new Map(
      bundles.map((file) => [file, buildFloor(file.replace(/\.mjs$/, ''), scratch)]),
    );
    const files = [
      trivial,
      ...bundles.flatMap((file) => [path.join(BUNDLE_DIR, file), floors.get(file) as string]),
    ];
    const times = new Map<string, number[]>(files.map((file) => [file, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const file of files) times.get(file)?.push(coldImportMs(file));
    }
    const baseline = median(times.get(trivial) ?? []);
    console.log(`\n(a) Lambda bundles: cold import() in a fresh node process, median of ${RUNS}`);
    console.log(`    baseline (trivial ESM file): ${baseline.toFixed(1)} ms`);
    console.log(
      '    bundle              size KB   import ms   × baseline   floor KB   floor ms   × floor   min–max ms',
    );
    for (const file of bundles) {
      const full = path.join(BUNDLE_DIR, file);
      const floor = floors.get(file) as string;
      const runs = times.get(full) ?? [];
      const ms = median(runs);
      const floorRuns = times.get(floor) ?? [];
      const floorMs = median(floorRuns);
      const pairedRatio = median(runs.map((runMs, run) => runMs / (floorRuns[run] as number)));
      console.log(
        `    ${file.padEnd(18)} ${kb(full).padStart(8)} ${ms.toFixed(1).padStart(11)} ${(ms / baseline).toFixed(1).padStart(12)} ${kb(floor).padStart(10)} ${floorMs.toFixed(1).padStart(10)} ${pairedRatio.toFixed(2).padStart(9)}   ${Math.min(...runs).toFixed(1)}–${Math.max(...runs).toFixed(1)}`,
      );
    }
    console.log(
      '    floor: a bundle of only the SDK clients the entry creates (same esbuild options, same run);\n' +
        '    × floor: median of the paired ratios (each import of a bundle is followed at once by its floor)',
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function kb(file: string): string {
  return (statSync(file).size / 1024).toFixed(0);
}

/**
 * GET as JSON, retrying a connection reset: when the event loop was busy (espeak-ng runs
 * in-process) the server may close a kept-alive connection just as fetch reuses it.
 */
async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (await fetch(url, { headers })).json();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

interface Transition {
  status: string;
  atMs: number;
  done: number;
  total: number;
}

async function benchEpisode(): Promise<void> {
  // Imported here so part (a) runs before the local stack loads anything into this process.
  const { startEngineStack } = await import('../local-stack/engine-stack');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumcast-bench-stack-'));
  const stack = await startEngineStack({
    port: 0,
    dataDir,
    scriptWriter: 'offline',
    speech: 'local',
    dashboardDir: path.join(dataDir, 'no-dashboard'),
  });
  const headers = { 'content-type': 'application/json', 'x-lumcast-user': 'bench' };
  try {
    const words = SOURCE_TEXT.split(' ').length;
    const started = performance.now();
    const created = await fetch(`${stack.url}/api/podcasts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        topic: 'How lighthouses work',
        sourceText: SOURCE_TEXT,
        minutes: 2,
        quality: 'neural',
      }),
    });
    const { jobId } = (await created.json()) as { jobId: string };
    if (created.status !== 202) throw new Error(`POST answered ${created.status}`);
    const transitions: Transition[] = [
      { status: 'queued', atMs: performance.now() - started, done: 0, total: 0 },
    ];
    let slowestPollMs = 0;
    let job: {
      status: string;
      progress: { done: number; total: number };
      durationSeconds?: number;
      cost?: number;
      error?: string;
    };
    for (;;) {
      const asked = performance.now();
      job = (await getJson(`${stack.url}/api/podcasts/${jobId}`, headers)) as typeof job;
      slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
      const last = transitions[transitions.length - 1] as Transition;
      if (job.status !== last.status) {
        transitions.push({
          status: job.status,
          atMs: performance.now() - started,
          done: job.progress.done,
          total: job.progress.total,
        });
      }
      if (['ready', 'failed', 'quota_exceeded', 'rejected_quota'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const totalMs = performance.now() - started;
    console.log(
      `\n(b) POST → final status, 2-minute neural episode on the local stack (offline writer, espeak-ng)`,
    );
    console.log(`    source text: ${words} words; polled every ${POLL_MS} ms`);
    console.log(`    final status: ${job.status}${job.error ? ` (${job.error})` : ''}`);
    console.log(`    total: ${(totalMs / 1000).toFixed(2)} s`);
    console.log(
      `    slowest GET /api/podcasts/{id} while it ran: ${slowestPollMs.toFixed(0)} ms (the functions run in worker threads)`,
    );
    console.log('    stage              entered at s   lasted s');
    transitions.forEach((transition, i) => {
      const next = transitions[i + 1];
      const lasted = next ? ((next.atMs - transition.atMs) / 1000).toFixed(2) : '—';
      console.log(
        `    ${transition.status.padEnd(18)} ${(transition.atMs / 1000).toFixed(2).padStart(12)} ${lasted.padStart(10)}`,
      );
    });
    if (job.durationSeconds) {
      console.log(
        `    episode: ${job.durationSeconds.toFixed(1)} s of audio in ${job.progress.total} chunks, cost ${job.cost} slots; ` +
          `made at ${(job.durationSeconds / (totalMs / 1000)).toFixed(1)}× real time`,
      );
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Pipeline bench — node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (only !== undefined && only !== 'bundles' && only !== 'episode') {
    throw new Error(`--only must be bundles or episode, not ${only}`);
  }
  if (only !== 'episode') benchBundles();
  if (only !== 'bundles') await benchEpisode();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
