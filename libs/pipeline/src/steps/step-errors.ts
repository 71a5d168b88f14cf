/**
 * A step was asked about a job that does not exist, or is no longer in a
 * state the step can act on. The state machine's Catch turns it into the
 * failure callback, which leaves a final status alone.
 */
export class JobStateError extends Error {
  override readonly name = 'JobStateError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
