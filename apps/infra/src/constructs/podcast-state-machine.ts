import { readFileSync } from 'node:fs';
import { Validations } from 'aws-cdk-lib';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  LogLevel,
  StateMachine,
  StateMachineType,
} from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** The functions the shared ASL definition calls, by substitution name. */
export interface PodcastStateMachineTasks {
  readonly writeScript: IFunction;
  readonly synthesize: IFunction;
  readonly assemble: IFunction;
  readonly callback: IFunction;
}

/** Props of {@link PodcastStateMachine}. */
export interface PodcastStateMachineProps {
  readonly config: StageConfig;
  /** Path of podcast.asl.json (apps/functions/src/state-machine). */
  readonly definitionPath: string;
  readonly tasks: PodcastStateMachineTasks;
}

/**
 * The episode pipeline: the same Amazon States Language file the local stack runs,
 * loaded with `DefinitionBody.fromString` and the four function ARNs substituted.
 * Standard workflow, every event logged (level ALL, with execution data) to its
 * own log group, X-Ray tracing on. Its role may invoke exactly those four functions.
 */
export class PodcastStateMachine extends Construct {
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: PodcastStateMachineProps) {
    super(scope, id);
    const { tasks } = props;
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    this.stateMachine = new StateMachine(this, 'Podcast', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(readFileSync(props.definitionPath, 'utf8')),
      definitionSubstitutions: {
        WriteScriptFunctionArn: tasks.writeScript.functionArn,
        SynthesizeFunctionArn: tasks.synthesize.functionArn,
        AssembleFunctionArn: tasks.assemble.functionArn,
        CallbackFunctionArn: tasks.callback.functionArn,
      },
      tracingEnabled: true,
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: true },
    });
    // The ASL uses plain (unqualified) function ARNs, so `lambda:InvokeFunction` on
    // exactly those ARNs is enough; `grantInvoke` would add `<arn>:*` as well.
    for (const task of Object.values(tasks)) {
      Grant.addToPrincipal({
        grantee: this.stateMachine,
        actions: ['lambda:InvokeFunction'],
        resourceArns: [task.functionArn],
      });
    }
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Step Functions log delivery (logs:CreateLogDelivery etc.) and X-Ray (PutTraceSegments) ' +
        'only accept Resource "*"; every other statement names its resources.',
    });
  }
}
