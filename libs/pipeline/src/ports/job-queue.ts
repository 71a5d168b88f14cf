import * as z from '../config/zod-mini';

/** The body of a job message on the queue. */
export const jobMessageSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(128)),
  jobId: z.string().check(z.minLength(1), z.maxLength(80)),
  /** A render of the job's script (`POST …/render`): its number (`ActiveRender.number`). */
  render: z.optional(z.number().check(z.int(), z.minimum(1))),
});

/** A job message: which job of which user to run (or which of its renders). */
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** Sends job messages to the consumer: SQS in AWS, an in-process queue locally. */
export interface JobQueue {
  send(message: JobMessage): Promise<void>;
}
