import { PDFDocument, StandardFonts } from 'pdf-lib';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ledgerFrom, objectKeys, type PublicJob } from '@lumcast/pipeline';
import { callbackFunction, engineRecoveryServices } from '../engine-recovery';
import {
  engineOf,
  startEngineTestStack,
  type LocalStack,
  type LocalStackOptions,
} from './engine-test-stack';

export { ToneSynthesizer } from './tone-synthesizer';
export type { LocalStack, LocalStackOptions } from './engine-test-stack';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

/** A temporary data folder, removed by the returned function. */
export function temporaryDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'lumcast-stack-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a local stack (the engine run) on a free port with a fresh (or given) data folder. */
export async function startTestStack(
  overrides: Partial<LocalStackOptions> & { dataDir: string },
): Promise<LocalStack> {
  return startEngineTestStack({
    port: 0,
    scriptWriter: 'offline',
    speech: 'local',
    dashboardDir: path.join(overrides.dataDir, 'no-dashboard'),
    ...overrides,
  });
}

/**
 * The stack's quota ledger, on DynamoDB Local past the front door (the same tables the API
 * reads), for a test to set up a user's usage.
 */
export function ledgerOf(stack: LocalStack): ReturnType<typeof ledgerFrom> {
  return ledgerFrom(stack.env, stack.dynamo.client);
}

/**
 * The stack's callback step, as the state machine invokes it: the synthesized app's callback
 * function, invoked in its Lambda container (a function error is thrown).
 */
export function callbackOf(stack: LocalStack): (input: unknown) => Promise<unknown> {
  return callbackFunction(engineOf(stack));
}

/**
 * The jobs table, the quota ledger and the audio store as the stack's pipeline sees them, for a
 * test to seed jobs in any state: DynamoDB Local and the S3 server past the front doors
 * (`engineRecoveryServices`). `close` frees its clients.
 */
export function pipelineStateOf(stack: LocalStack): ReturnType<typeof engineRecoveryServices> {
  return engineRecoveryServices(engineOf(stack));
}

/** Calls the stack's HTTP API as a user (no user: no identity header). */
export async function callApi(
  stack: LocalStack,
  method: string,
  route: string,
  options: { user?: string; body?: unknown; rawBody?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.user) headers['x-lumcast-user'] = options.user;
  const response = await fetch(`${stack.url}${route}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  }).catch((error: Error) => {
    throw new Error(
      `${method} ${route} failed: ${String((error.cause as Error | undefined)?.message ?? error.message)}`,
      { cause: error },
    );
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

/** Requests an episode and waits until the stack is idle; returns the job as its owner sees it. */
export async function makeEpisode(
  stack: LocalStack,
  user: string,
  request: Record<string, unknown>,
): Promise<PublicJob> {
  const created = await callApi(stack, 'POST', '/api/podcasts', { user, body: request });
  if (created.status !== 202)
    throw new Error(`POST failed: ${created.status} ${JSON.stringify(created.body)}`);
  await stack.idle();
  return (await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, { user }))
    .body as PublicJob;
}

/** A short source text, so the offline writer makes a small script quickly. */
export const SHORT_SOURCE =
  'Tides are the rise and fall of sea levels. They are caused by the gravity of the Moon and the Sun. ' +
  'Most coasts see two high tides a day. Spring tides happen when the Sun and Moon line up. ' +
  'Neap tides happen when they pull at right angles.';

/** The folder a stack keeps its objects in: `<data>/s3`, the S3 server's buckets. */
export function objectsFolder(dataDir: string): string {
  return path.join(dataDir, 's3');
}

/**
 * The file holding an object the stack stored under `key`: the S3 server's
 * `<data>/s3/<bucket>/<key>._S3rver_object` in whichever bucket has it (the first bucket's path
 * when none does, so a test can see it is absent).
 */
export function storedObjectPath(dataDir: string, key: string): string {
  const s3 = objectsFolder(dataDir);
  const inBuckets = readdirSync(s3).map((bucket) => path.join(s3, bucket, `${key}._S3rver_object`));
  return inBuckets.find((file) => existsSync(file)) ?? inBuckets[0] ?? path.join(s3, key);
}

/** Everything the hosts of a finished job say, in order, read from the stack's stored script. */
export function spokenText(dataDir: string, userId: string, jobId: string): string {
  const stored = JSON.parse(
    readFileSync(storedObjectPath(dataDir, objectKeys.script(userId, jobId)), 'utf8'),
  ) as { script: { chapters: Array<{ segments: Array<{ text: string }> }> } };
  return stored.script.chapters
    .flatMap((chapter) => chapter.segments.map((segment) => segment.text))
    .join(' ');
}

/** A two-page PDF about lagoons, made by pdf-lib (an independent producer) as a user's file would be. */
export async function lagoonsPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const line of [
    'A lagoon is shallow water cut off from the sea by a reef or a sandbar.',
    'The Venetian lagoon shelters the city of Venice and its one hundred islands.',
  ]) {
    document.addPage().drawText(line, { x: 50, y: 700, size: 12, font });
  }
  return document.save();
}
