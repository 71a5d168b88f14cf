import type { DeployedApp } from '../deployed-app';
import { type InvocationRecord } from '@lumcast/aws-emulator';

/** The template's function of a handler (`synthesize`, `write-script`, ...). */
export function functionOf(deployed: DeployedApp, handlerName: string): string {
  const found = deployed.app.functions.find((fn) => fn.handlerName === handlerName);
  if (!found) throw new Error(`No ${handlerName} function in the template`);
  return found.logicalId;
}

/** Every invocation of one handler, in the order they answered. */
export function invocationsOf(deployed: DeployedApp, handlerName: string): InvocationRecord[] {
  const logicalId = functionOf(deployed, handlerName);
  return deployed.runtime.invocations.filter((i) => i.functionLogicalId === logicalId);
}

/** Whether an invocation answered the state machine with a provider turn to wait for. */
export function answeredWait(invocation: InvocationRecord): boolean {
  return typeof (invocation.payload as { waitUntil?: unknown } | null)?.waitUntil === 'string';
}

/** Whether a synthesize invocation stored its chunk (answered `{ index, key }`). */
export function storedChunk(invocation: InvocationRecord): boolean {
  return typeof (invocation.payload as { key?: unknown } | null)?.key === 'string';
}

/** The job an invocation was for (the step input's `jobId`). */
export function jobOf(invocation: InvocationRecord): string | undefined {
  const jobId = (invocation.event as { jobId?: unknown } | null)?.jobId;
  return typeof jobId === 'string' ? jobId : undefined;
}

/** The figures the load test prints, from what the run recorded. */
export interface LoadFigure {
  readonly episodes: number;
  readonly chunks: number;
  /** From the first chunk's call to Polly to the last chunk stored, in seconds. */
  readonly chunkWallSeconds: number;
  /** The chunks at Polly's 8 requests per second, in seconds. */
  readonly boundSeconds: number;
  readonly ratio: number;
  readonly throttled: number;
  readonly pollyCalls: number;
  readonly firstPostToLastReadySeconds: number;
}

/**
 * The load figure of a run: chunk wall from the fake Polly's first request to the last synthesize
 * invocation that stored a chunk, against the chunks at `ratePerSecond`.
 */
export function loadFigure(
  deployed: DeployedApp,
  {
    episodes,
    chunks,
    ratePerSecond,
    firstPostAtMs,
    lastReadyAtMs,
  }: {
    episodes: number;
    chunks: number;
    ratePerSecond: number;
    firstPostAtMs: number;
    lastReadyAtMs: number;
  },
): LoadFigure {
  const firstCall = deployed.polly.requests[0]?.at.getTime();
  const stored = invocationsOf(deployed, 'synthesize').filter(storedChunk);
  const lastStored = Math.max(...stored.map((i) => i.endedAtMs));
  if (firstCall === undefined || stored.length === 0) throw new Error('no chunk was synthesized');
  const chunkWallSeconds = (lastStored - firstCall) / 1000;
  const boundSeconds = chunks / ratePerSecond;
  return {
    episodes,
    chunks,
    chunkWallSeconds,
    boundSeconds,
    ratio: chunkWallSeconds / boundSeconds,
    throttled: deployed.polly.counters.throttled,
    pollyCalls: deployed.polly.requests.length,
    firstPostToLastReadySeconds: (lastReadyAtMs - firstPostAtMs) / 1000,
  };
}

/** The figure as one line, in the form the README records. */
export function formatLoadFigure(figure: LoadFigure): string {
  return (
    `load figure: ${figure.episodes} episodes, ${figure.chunks} chunks, ` +
    `chunk wall ${figure.chunkWallSeconds.toFixed(1)} s, bound ${figure.boundSeconds.toFixed(1)} s, ` +
    `ratio ${figure.ratio.toFixed(2)}, throttled ${figure.throttled} of ${figure.pollyCalls} Polly calls, ` +
    `first POST to last ready ${figure.firstPostToLastReadySeconds.toFixed(1)} s`
  );
}
