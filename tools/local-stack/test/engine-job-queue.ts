/**
 * The template's job queue on a test stack's engine, for the specs of its
 * delivery: raw messages sent to it as SQS would deliver a duplicate or a malformed one, its
 * redrive limit as the template sets it, the executions the state machine started for a job, and
 * what the run kept in its dead-letter file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalStack } from './engine-test-stack';
import { engineOf } from './engine-test-stack';

/**
 * Seconds each queue hides a received message in the delivery specs, over the template's 180
 * (`visibilityTimeoutSeconds`): a message no consumer takes is redriven after the template's
 * receives in seconds, not a quarter of an hour. Longer than a warm consumer's turn.
 */
export const SPEC_VISIBILITY_TIMEOUT_SECONDS = 2;

/** The job queue (the one with a redrive policy a function consumes), as the engine runs it. */
export interface EngineJobQueue {
  /** The template's `maxReceiveCount`: receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Sends a body to the job queue as it is, past the API. */
  sendRaw(body: string): Promise<void>;
}

/** The job queue of the stack's engine. */
export function jobQueueOf(stack: LocalStack): EngineJobQueue {
  const { app, queues } = engineOf(stack);
  const jobs = app.queues.find(
    (queue) =>
      queue.redrive !== undefined &&
      app.eventSourceMappings.some((mapping) => mapping.queueLogicalId === queue.logicalId),
  );
  if (!jobs?.redrive) throw new Error('The template has no job queue with a redrive policy');
  return {
    maxReceiveCount: jobs.redrive.maxReceiveCount,
    sendRaw: async (body) => {
      await queues.handle('SendMessage', { QueueUrl: jobs.queueUrl, MessageBody: body });
    },
  };
}

/** How many executions the engine's state machine started whose input names the job. */
export function executionsOf(stack: LocalStack, jobId: string): number {
  return engineOf(stack)
    .stateMachine.list()
    .filter((execution) => (JSON.parse(execution.input) as { jobId?: unknown }).jobId === jobId)
    .length;
}

/** The letters in `<data>/dead-letters.jsonl`, in order (none when there is no file). */
export function deadLettersIn(dataDir: string): { body: string; receiveCount: number }[] {
  const file = path.join(dataDir, 'dead-letters.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { body: string; receiveCount: number });
}
