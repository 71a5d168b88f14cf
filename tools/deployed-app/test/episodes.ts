import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { actionsOfFunction, type PipelineFunction } from '@lumcast/pipeline';
import type { DeployedApp } from '../deployed-app';

const run = promisify(execFile);

/** A job as `GET /api/podcasts/{jobId}` answers it (the fields these tests read). */
export interface PublicJobView {
  jobId: string;
  status: string;
  quality: string;
  minutes: number;
  cost?: number;
  measuredCost?: number;
  estimatedCost: number;
  durationSeconds?: number;
  audioUrl?: string;
  captionsUrl?: string;
  error?: unknown;
  progress: { done: number; total: number };
}

/** Statuses a job never leaves. */
export const FINAL_STATUSES = ['ready', 'failed', 'quota_exceeded', 'rejected_quota'];

/**
 * Calls the deployed HTTP API with a user's bearer token. A GET that meets a
 * keep-alive socket the server closed just as it was reused ("other side
 * closed", ECONNRESET: the gateway runs in this busy process, whose event loop
 * can outlast Node's 5 s keep-alive timeout) is sent again, twice at most, as
 * any client retries an idempotent request; anything else fails the test.
 *
 * @example
 * ```ts
 * const { status, body } = await api(deployed, token, 'GET', '/api/quota');
 * ```
 */
export async function api(
  deployed: DeployedApp,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const send = () =>
    fetch(`${deployed.apiUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let response: Response | undefined;
  for (let attempt = 1; response === undefined; attempt += 1) {
    try {
      response = await send();
    } catch (error) {
      if (method !== 'GET' || attempt >= 3 || !isClosedKeepAliveSocket(error)) throw error;
    }
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Whether a fetch failed on a socket the server had closed (undici's "other side closed", ECONNRESET). */
function isClosedKeepAliveSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return (
    cause?.code === 'UND_ERR_SOCKET' ||
    cause?.code === 'ECONNRESET' ||
    /other side closed/.test(cause?.message ?? '')
  );
}

/**
 * POSTs an episode and returns its job id (fails the test unless the API accepts it with 202).
 *
 * @example
 * ```ts
 * const jobId = await createEpisode(deployed, token, { topic: 'Tides', minutes: 1, quality: 'neural' });
 * ```
 */
export async function createEpisode(
  deployed: DeployedApp,
  token: string,
  request: {
    topic: string;
    minutes: number;
    quality: string;
    sourceText?: string;
    sourceUrl?: string;
    format?: string;
    hosts?: { name: string }[];
    language?: string;
    seriesId?: string;
    sourceId?: string;
  },
): Promise<string> {
  const answer = await api(deployed, token, 'POST', '/api/podcasts', request);
  if (answer.status !== 202)
    throw new Error(`POST /api/podcasts answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.jobId as string;
}

/**
 * Polls a job every `pollMs` until it is final, or throws naming its last status when `withinMs`
 * passes (a bounded wait for an eventual state, not a timed assertion).
 *
 * @example
 * ```ts
 * const job = await untilFinal(deployed, token, jobId, 120_000);
 * ```
 */
export async function untilFinal(
  deployed: DeployedApp,
  token: string,
  jobId: string,
  withinMs: number,
  pollMs = 250,
): Promise<PublicJobView> {
  const end = Date.now() + withinMs;
  let last: PublicJobView | undefined;
  while (Date.now() < end) {
    const answer = await api(deployed, token, 'GET', `/api/podcasts/${jobId}`);
    if (answer.status === 200) {
      last = answer.body as PublicJobView;
      if (FINAL_STATUSES.includes(last.status)) return last;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(
    `job ${jobId} is still ${last?.status ?? 'unknown'} after ${withinMs} ms (stuck)`,
  );
}

/**
 * Downloads a URL and decodes it with ffmpeg, an independent MP3 decoder: the decoded duration in
 * seconds (throws if ffmpeg cannot decode it).
 *
 * @example
 * ```ts
 * const seconds = await decodedMp3Seconds(job.audioUrl!);
 * ```
 */
export async function decodedMp3Seconds(url: string): Promise<number> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET audio answered ${response.status}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'deployed-app-audio-'));
  try {
    const file = path.join(dir, 'episode.mp3');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const { stderr } = await run(
      'ffmpeg',
      ['-v', 'error', '-f', 'mp3', '-i', file, '-f', 'null', '-', '-stats'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+\.\d+)/g)];
    const lastTime = times.at(-1);
    if (!lastTime) throw new Error(`ffmpeg decoded nothing: ${stderr.slice(0, 400)}`);
    return Number(lastTime[1]) * 3600 + Number(lastTime[2]) * 60 + Number(lastTime[3]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Describes the IAM denials of a run, for a failure message that names function, action and resource.
 *
 * @example
 * ```ts
 * expect(describeDenials(deployed)).toEqual([]);
 * ```
 */
export function describeDenials(deployed: DeployedApp): string[] {
  return deployed.endpoints
    .denials()
    .map((call) => `${call.functionLogicalId} ${call.action} ${call.resource}`);
}

/**
 * The `<function> <action>` pairs of a run's calls that the function's declaration in
 * `libs/pipeline` (`FUNCTION_ACCESS`, read through `actionsOfFunction`) does not name, each once.
 *
 * @example
 * ```ts
 * expect(undeclaredCalls(deployed)).toEqual([]);
 * ```
 */
export function undeclaredCalls(deployed: DeployedApp): string[] {
  const undeclared = deployed.endpoints.calls
    .map((call) => ({
      handler: deployed.runtime.functionFor(call.functionLogicalId).handlerName,
      action: call.action,
    }))
    .filter(
      ({ handler, action }) => !actionsOfFunction(handler as PipelineFunction).includes(action),
    )
    .map(({ handler, action }) => `${handler} ${action}`);
  return [...new Set(undeclared)];
}
