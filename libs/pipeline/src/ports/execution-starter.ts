/** Input of one state machine execution: a job, or one render of its script (`render`). */
export interface EpisodeExecutionInput {
  userId: string;
  jobId: string;
  render?: number;
}

/**
 * The name of a job's execution: the job id, or for render `n` of its script
 * `<jobId>-render-<n>`, so a redelivered message cannot start a second run of either.
 *
 * @example
 * ```ts
 * executionName({ userId, jobId: 'j-1', render: 2 }); // 'j-1-render-2'
 * ```
 */
export function executionName(input: EpisodeExecutionInput): string {
  return input.render === undefined ? input.jobId : `${input.jobId}-render-${input.render}`;
}

/**
 * Starts one state machine execution per job (and per render of its script), named by
 * {@link executionName}, so a redelivered message cannot start a second run.
 */
export interface ExecutionStarter {
  start(input: EpisodeExecutionInput): Promise<'started' | 'already_started'>;
}
