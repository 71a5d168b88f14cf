import { z } from 'zod';

/** The body of a job message on the queue. */
export const jobMessageSchema = z.strictObject({
  userId: z.string().min(1).max(128),
  jobId: z.string().min(1).max(80),
});

/** A job message: which job of which user to run. */
export type JobMessage = z.infer<typeof jobMessageSchema>;

/**
 * Sends job messages to the consumer: SQS in AWS, an in-process queue locally.
 *
 * @example
 * ```ts
 * await queue.send({ userId: 'alice', jobId });
 * ```
 */
export interface JobQueue {
  send(message: JobMessage): Promise<void>;
}
