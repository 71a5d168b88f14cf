import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import {
  executionName,
  type EpisodeExecutionInput,
  type ExecutionStarter,
} from '../ports/execution-starter';

/**
 * {@link ExecutionStarter} on a Step Functions state machine: the execution is
 * named by the job id (and a render's number, `executionName`), and "already exists" means another delivery started it.
 */
export class StepFunctionsStarter implements ExecutionStarter {
  constructor(private readonly options: { client: SFNClient; stateMachineArn: string }) {}

  async start(input: EpisodeExecutionInput): Promise<'started' | 'already_started'> {
    try {
      await this.options.client.send(
        new StartExecutionCommand({
          stateMachineArn: this.options.stateMachineArn,
          name: executionName(input),
          input: JSON.stringify(input),
        }),
      );
      return 'started';
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return 'already_started';
      throw error;
    }
  }
}
