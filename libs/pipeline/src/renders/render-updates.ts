import { marshall } from '@aws-sdk/util-dynamodb';
import type { ActiveRender, JobRender } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';

// A render's writes on its job: each one conditional `UpdateItem` (`JobsTable.updateWhere`),
// so of two racing writers one wins, and a render is started, recorded and ended once.

const ACTIVE_IS = 'activeRender.#number = :number';
const NAMES = { '#number': 'number', '#status': 'status' };

function values(record: Record<string, unknown>) {
  return marshall(record, { removeUndefinedValues: true, convertClassInstanceToMap: false });
}

/**
 * Starts render `active.number` of a job: appends its entry to `renders` (`rendering`, charged
 * 0) and makes it the job's `activeRender`; a first render (`from: 'script_ready'`) also moves
 * the job to `queued`. Only if the job is in `active.from`, runs no render, its latest script
 * version is `active.version` and it has had `active.number − 1` renders: false otherwise
 * (another request won, or the job moved on).
 *
 * @example
 * ```ts
 * const won = await startRender(jobs, userId, jobId, active, { chunksSynthesized: 3, chunksReused: 40 }, now);
 * ```
 */
export async function startRender(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  active: ActiveRender,
  chunks: Pick<JobRender, 'chunksSynthesized' | 'chunksReused'>,
  now: Date,
): Promise<boolean> {
  const entry: JobRender = { version: active.version, charged: 0, ...chunks, status: 'rendering' };
  const first = active.from === 'script_ready';
  const latest =
    active.version === 1
      ? '(attribute_not_exists(scriptVersion) OR scriptVersion = :version)'
      : 'scriptVersion = :version';
  const count = active.number === 1 ? 'attribute_not_exists(renders)' : 'size(renders) = :before';
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression:
      'SET activeRender = :active, renders = list_append(if_not_exists(renders, :none), :entry), ' +
      `updatedAt = :now${first ? ', #status = :queued REMOVE chunksDoneSet, #error' : ''}`,
    ConditionExpression: `attribute_exists(jobId) AND attribute_not_exists(activeRender) AND #status = :from AND ${latest} AND ${count}`,
    ExpressionAttributeNames: { '#status': 'status', ...(first ? { '#error': 'error' } : {}) },
    ExpressionAttributeValues: values({
      ':active': active,
      ':none': [],
      ':entry': [entry],
      ':now': now.toISOString(),
      ':from': active.from,
      ':version': active.version,
      ...(active.number === 1 ? {} : { ':before': active.number - 1 }),
      ...(first ? { ':queued': 'queued' } : {}),
    }),
  });
}

/**
 * Marks render `number` as taken up by its execution (PlanRender); a first render also moves
 * the job to `synthesizing` with `totalChunks`. False when it is no longer the active render.
 */
export async function markRenderStarted(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  render: { number: number; first: boolean; totalChunks: number },
  now: Date,
): Promise<boolean> {
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression:
      'SET activeRender.#started = :true, updatedAt = :now' +
      (render.first ? ', #status = :synthesizing, totalChunks = :total' : ''),
    ConditionExpression: ACTIVE_IS,
    ExpressionAttributeNames: {
      '#started': 'started',
      ...(render.first ? NAMES : { '#number': 'number' }),
    },
    ExpressionAttributeValues: values({
      ':true': true,
      ':now': now.toISOString(),
      ':number': render.number,
      ...(render.first ? { ':synthesizing': 'synthesizing', ':total': render.totalChunks } : {}),
    }),
  });
}

/**
 * Records render `number`'s assembled episode on its active render (so a failure path without
 * the execution's state can still finish a charged render), and adds its chunks' addresses to
 * the job's (their audio is stored: a later render reuses them). A first render is also moved
 * to `assembling`. False when it is no longer the active render.
 */
export async function recordRenderAssembled(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  render: { number: number; first: boolean; addresses: string[] },
  assembled: NonNullable<ActiveRender['assembled']>,
  now: Date,
): Promise<boolean> {
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression:
      `SET activeRender.assembled = :assembled, updatedAt = :now${render.first ? ', #status = :assembling' : ''} ` +
      'ADD chunkAddresses :addresses',
    ConditionExpression: ACTIVE_IS,
    ExpressionAttributeNames: render.first ? NAMES : { '#number': 'number' },
    ExpressionAttributeValues: values({
      ':assembled': assembled,
      ':addresses': new Set(render.addresses),
      ':now': now.toISOString(),
      ':number': render.number,
      ...(render.first ? { ':assembling': 'assembling' } : {}),
    }),
  });
}

/** What a charged render leaves on its job. */
export interface RenderCharge {
  charged: number;
  measuredCost: number;
  week: string;
}

/**
 * Ends render `active.number` charged: the job is `ready` (a re-render's status never changes)
 * and now serves the render's audio, captions and chapters; its entry says `rendered` with the
 * slots charged, which are added to the job's `cost` (and the measured ones to `measuredCost`).
 * False when it is no longer the active render (ended already).
 */
export async function completeRender(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  active: ActiveRender & { assembled: NonNullable<ActiveRender['assembled']> },
  charge: RenderCharge,
  now: Date,
): Promise<boolean> {
  const entry = `renders[${active.number - 1}]`;
  const audio = active.assembled;
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression:
      `SET #status = :ready, ${entry}.charged = :charged, ${entry}.#status = :rendered, ` +
      '#cost = if_not_exists(#cost, :zero) + :charged, ' +
      'measuredCost = if_not_exists(measuredCost, :zero) + :measured, chargedWeek = :week, ' +
      'durationSeconds = :duration, audioKey = :audio, captionsKey = :captions, ' +
      'chapters = :chapters, renderedVersion = :version, updatedAt = :now' +
      (audio.audioBytes === undefined ? '' : ', audioBytes = :bytes') +
      ' REMOVE activeRender, #error',
    ConditionExpression: ACTIVE_IS,
    ExpressionAttributeNames: { ...NAMES, '#error': 'error', '#cost': 'cost' },
    ExpressionAttributeValues: values({
      ':ready': 'ready',
      ':rendered': 'rendered',
      ':charged': charge.charged,
      ':measured': charge.measuredCost,
      ':zero': 0,
      ':week': charge.week,
      ':duration': audio.durationSeconds,
      ':bytes': audio.audioBytes,
      ':audio': audio.audioKey,
      ':captions': audio.captionsKey,
      ':chapters': audio.chapters,
      ':version': active.version,
      ':now': now.toISOString(),
      ':number': active.number,
    }),
  });
}

/**
 * Ends render `active.number` uncharged: its entry says `failed` with `error` (charged stays 0)
 * and the job keeps what it served before. A first render returns the job to `script_ready`, so
 * its reviewed script can be rendered again. False when it is no longer the active render.
 */
export async function failRender(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  active: Pick<ActiveRender, 'number' | 'from'>,
  error: string,
  now: Date,
): Promise<boolean> {
  const entry = `renders[${active.number - 1}]`;
  const first = active.from === 'script_ready';
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression:
      `SET ${entry}.#status = :failed, ${entry}.#error = :error, updatedAt = :now` +
      `${first ? ', #status = :scriptReady' : ''} REMOVE activeRender`,
    ConditionExpression: ACTIVE_IS,
    ExpressionAttributeNames: { ...NAMES, '#error': 'error' },
    ExpressionAttributeValues: values({
      ':failed': 'failed',
      ':error': error,
      ':now': now.toISOString(),
      ':number': active.number,
      ...(first ? { ':scriptReady': 'script_ready' } : {}),
    }),
  });
}

/**
 * Adds the addresses of an assembled episode's chunks to its job (`chunkAddresses`), whose
 * audio is stored by address: a later render of the job's script reuses them. False for a job
 * that does not exist.
 */
export async function recordChunkAddresses(
  jobs: JobsTable,
  userId: string,
  jobId: string,
  addresses: string[],
  now: Date,
): Promise<boolean> {
  return jobs.updateWhere(userId, jobId, {
    UpdateExpression: 'SET updatedAt = :now ADD chunkAddresses :addresses',
    ConditionExpression: 'attribute_exists(jobId)',
    ExpressionAttributeValues: values({
      ':addresses': new Set(addresses),
      ':now': now.toISOString(),
    }),
  });
}
