import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { IDestination, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { UNSUCCESSFUL_EXECUTION_STATUSES } from '@lumcast/pipeline';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';

/**
 * How EventBridge retries delivering one execution-status event to the callback:
 * its maximum (185 attempts within 24 h), then the event goes to the dead-letter queue.
 */
export const EXECUTION_EVENT_DELIVERY = Object.freeze({
  maxEventAge: Duration.hours(24),
  retryAttempts: 185,
});

/**
 * How Lambda retries the callback when it is invoked with the event and fails
 * (EventBridge invokes Lambda asynchronously, so a function error is Lambda's to
 * retry): its maximum, two retries within 6 h, then the event goes to the same
 * dead-letter queue.
 */
export const EXECUTION_EVENT_ASYNC_RETRY = Object.freeze({
  maxEventAge: Duration.hours(6),
  retryAttempts: 2,
});

/** Props of {@link ExecutionFailureRule}. */
export interface ExecutionFailureRuleProps {
  readonly stateMachine: IStateMachine;
  readonly callback: IFunction;
}

/**
 * No job stays unfinished, without a sweeper: an EventBridge rule on the state
 * machine's "Step Functions Execution Status Change" events with status FAILED,
 * TIMED_OUT or ABORTED invokes the callback, which runs the failure path (the job
 * ends `failed` and uncharged, or `ready` if it was charged; a final job is left
 * alone). So a job whose execution died, was stopped, timed out or whose
 * ReportFailure failed through all its retries is still finished. Delivery has its
 * own retries ({@link EXECUTION_EVENT_DELIVERY}, {@link EXECUTION_EVENT_ASYNC_RETRY});
 * what still fails lands in an encrypted, TLS-only dead-letter queue that
 * `OperationalAlarms` watches.
 */
export class ExecutionFailureRule extends Construct {
  readonly rule: Rule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ExecutionFailureRuleProps) {
    super(scope, id);
    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetter', {
      of: "the execution-status rule and of the callback's asynchronous invocations",
    });

    this.rule = new Rule(this, 'Rule', {
      description:
        'Finishes the job of a failed, timed-out or aborted Lumcast episode execution ' +
        '(the callback runs the failure path)',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          stateMachineArn: [props.stateMachine.stateMachineArn],
          status: [...UNSUCCESSFUL_EXECUTION_STATUSES],
        },
      },
    });
    this.rule.addTarget(
      new LambdaFunction(props.callback, {
        ...EXECUTION_EVENT_DELIVERY,
        deadLetterQueue: this.deadLetterQueue,
      }),
    );

    const queue = this.deadLetterQueue;
    // Only SendMessage (the SQS destination of aws-cdk-lib would also grant GetQueue*).
    const onFailure: IDestination = {
      bind: (_scope, fn) => {
        Grant.addToPrincipal({
          grantee: fn,
          actions: ['sqs:SendMessage'],
          resourceArns: [queue.queueArn],
        });
        return { destination: queue.queueArn };
      },
    };
    props.callback.configureAsyncInvoke({ ...EXECUTION_EVENT_ASYNC_RETRY, onFailure });
  }
}
