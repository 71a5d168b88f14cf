/** Input of one state machine execution. */
export interface EpisodeExecutionInput {
  userId: string;
  jobId: string;
}

/**
 * Starts one state machine execution per job, named by the job id, so a
 * redelivered message cannot start a second run.
 */
export interface ExecutionStarter {
  start(input: EpisodeExecutionInput): Promise<'started' | 'already_started'>;
}
