import type { Logger } from '@aws-lambda-powertools/logger';
import type * as z from '../config/zod-mini';
import { StepInputError } from '../errors';

/**
 * Wraps a state machine step as a Lambda handler: validates the input with its
 * schema, puts the `jobId` on every log line, and rethrows failures unchanged
 * so their `name` reaches the state machine's Retry and Catch.
 */
export function stepHandler<Schema extends z.ZodMiniType, Output>(
  schema: Schema,
  step: (input: z.infer<Schema>) => Promise<Output>,
  logger: Logger,
): (event: unknown) => Promise<Output> {
  return async (event) => {
    const parsed = schema.safeParse(event);
    const jobId = (event as { jobId?: unknown } | null)?.jobId;
    logger.appendKeys({ jobId: typeof jobId === 'string' ? jobId : undefined });
    try {
      if (!parsed.success) throw new StepInputError(`Invalid step input: ${parsed.error.message}`);
      const output = await step(parsed.data);
      logger.info('step done');
      return output;
    } catch (error) {
      logger.error('step failed', { error });
      throw error;
    } finally {
      logger.removeKeys(['jobId']);
    }
  };
}
