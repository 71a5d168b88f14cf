import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { mp3Info } from '@lumcast/audio-assembly';
import {
  holdsSlots,
  isFinalStatus,
  objectKeys,
  type JobQueue,
  type JobRecord,
  type PipelineServices,
} from '@lumcast/pipeline';

/**
 * What a start did with the jobs the last stop interrupted: still `queued` →
 * queued again; charged but not yet `ready` (stopped between the two writes) →
 * finished as `ready` (without a chapter list); anything else → `failed`,
 * uncharged. A `script_ready` job was not interrupted and is left as it is. A render
 * (`activeRender`) is recovered alike by its own ledger id (`recoverRender`).
 */
export interface RecoveredJobs {
  requeued: string[];
  finished: string[];
  failed: string[];
}

const INTERRUPTED =
  'The local stack stopped while this episode was being made; nothing was charged. Please request it again.';

/** The jobs table, scanned past the pipeline's ports (which read one user's jobs at a time). */
export interface JobsTableScan {
  client: DynamoDBClient;
  tableName: string;
}

/**
 * After a restart: jobs still `queued` are queued again (nothing had started
 * for them); jobs caught mid-pipeline end `failed`, uncharged — the callback,
 * the only place that charges, never ran for them. Either run uses it: the in-process stack with
 * its own queue and callback handler, the engine run with its SQS queue and callback function.
 */
export async function recoverUnfinishedJobs(
  services: Pick<PipelineServices, 'jobs' | 'ledger' | 'store'>,
  callback: (input: unknown) => Promise<unknown>,
  table: JobsTableScan,
  queue: JobQueue,
): Promise<RecoveredJobs> {
  const recovered: RecoveredJobs = { requeued: [], finished: [], failed: [] };
  let startKey: Record<string, never> | undefined;
  do {
    const page = await table.client.send(
      new ScanCommand({
        TableName: table.tableName,
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) {
      const job = unmarshall(item) as JobRecord;
      const { userId, jobId } = job;
      // A render (of a `ready` job too) was interrupted: its own recovery, by its own ledger id.
      if (job.activeRender !== undefined) {
        const outcome = await recoverRender(services, callback, queue, job, job.activeRender);
        recovered[outcome].push(jobId);
        continue;
      }
      // A `script_ready` job is at rest, not interrupted: it waits for its owner.
      if (isFinalStatus(job.status) || job.status === 'script_ready') continue;
      if (job.status === 'queued') {
        await queue.send({ userId, jobId });
        recovered.requeued.push(jobId);
      } else if (await services.ledger().wasCharged({ userId, jobId })) {
        // Stopped between the charge and `ready`: the episode exists and is paid for.
        const audioKey = objectKeys.episodeAudio(userId, jobId);
        const { durationSeconds } = mp3Info(await services.store().get(audioKey));
        const captionsKey = objectKeys.episodeCaptions(userId, jobId);
        const audio = { audioKey, captionsKey, durationSeconds, chapters: [] };
        await callback({ userId, jobId, outcome: 'succeeded', audio });
        recovered.finished.push(jobId);
      } else {
        // Its hold is freed first, so a stop never leaves slots or an in-flight place held
        // (a review job holds none).
        if (holdsSlots(job)) {
          await services.ledger().release({ userId, jobId, heldCost: job.estimatedCost });
        }
        if (await services.jobs().setStatus(userId, jobId, 'failed', { error: INTERRUPTED })) {
          recovered.failed.push(jobId);
        }
      }
    }
    startKey = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (startKey);
  return recovered;
}

/**
 * An interrupted render: not yet taken up by an execution → queued again (its hold is still
 * held, so nothing is reserved twice); charged (stopped between the charge and its record) →
 * finished by the callback as its success; anything else → the callback's failure path, which
 * releases its hold (never charged) and leaves the job what it served before.
 */
async function recoverRender(
  services: Pick<PipelineServices, 'ledger'>,
  callback: (input: unknown) => Promise<unknown>,
  queue: JobQueue,
  { userId, jobId }: JobRecord,
  active: NonNullable<JobRecord['activeRender']>,
): Promise<keyof RecoveredJobs> {
  const render = active.number;
  if (active.started !== true) {
    await queue.send({ userId, jobId, render });
    return 'requeued';
  }
  const charged = await services.ledger().wasCharged({ userId, jobId: active.ledgerJobId });
  if (charged && active.assembled !== undefined) {
    await callback({ userId, jobId, render, outcome: 'succeeded', audio: active.assembled });
    return 'finished';
  }
  const error = { Error: 'States.ExecutionAborted', Cause: INTERRUPTED };
  await callback({ userId, jobId, render, outcome: 'failed', error });
  return 'failed';
}
