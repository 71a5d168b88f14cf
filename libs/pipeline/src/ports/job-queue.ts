import * as z from '../config/zod-mini';

/** The body of a job message on the queue. */
export const jobMessageSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(128)),
  jobId: z.string().check(z.minLength(1), z.maxLength(80)),
});

/** A job message: which job of which user to run. */
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** Sends job messages to the consumer: SQS in AWS, an in-process queue locally. */
export interface JobQueue {
  send(message: JobMessage): Promise<void>;
}
