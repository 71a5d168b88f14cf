import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Validations } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Props of {@link OperationalAlarms}. */
export interface OperationalAlarmsProps {
  readonly config: StageConfig;
  readonly deadLetterQueue: IQueue;
  readonly stateMachine: IStateMachine;
  readonly callback: IFunction;
  /** Where execution-status events end up when the callback could not finish their job. */
  readonly executionFailureDeadLetterQueue: IQueue;
}

/**
 * The four alarms an operator must hear about, all notifying one SNS topic
 * (optionally e-mailed to `--context alarmEmail=...`):
 * a message in the job DLQ (still there, visible or held by its consumer, or ended by that
 * consumer in the last minute: a function consumes the DLQ, so counting visible messages alone
 * would miss both), a failed execution, a callback error (the callback is
 * where quota is charged, so its errors matter most), and an execution-status
 * event in its DLQ (a job the failure path could not finish).
 */
export class OperationalAlarms extends Construct {
  readonly topic: Topic;
  readonly deadLetters: Alarm;
  readonly failedExecutions: Alarm;
  readonly callbackErrors: Alarm;
  readonly unfinishedJobs: Alarm;

  constructor(scope: Construct, id: string, props: OperationalAlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: `Lumcast ${props.config.stage} alarms`,
      enforceSSL: true,
    });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no customer data, and CloudWatch cannot publish to a topic ' +
        'encrypted with the AWS-managed SNS key.',
    });
    if (props.config.alarmEmail !== undefined) {
      this.topic.addSubscription(new EmailSubscription(props.config.alarmEmail));
    }
    const action = new SnsAction(this.topic);
    const alarm = (alarmId: string, metric: IMetric, description: string): Alarm => {
      const created = new Alarm(this, alarmId, {
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      return created;
    };
    const period = Duration.minutes(1);
    const dlq = props.deadLetterQueue;
    this.deadLetters = alarm(
      'DeadLetters',
      new MathExpression({
        expression: 'FILL(visible, 0) + FILL(held, 0) + FILL(ended, 0)',
        usingMetrics: {
          visible: dlq.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
          held: dlq.metricApproximateNumberOfMessagesNotVisible({ period, statistic: 'Maximum' }),
          ended: dlq.metricNumberOfMessagesDeleted({ period, statistic: 'Sum' }),
        },
        period,
        label: 'Job messages in or through the dead-letter queue',
      }),
      'A job message reached the dead-letter queue: its consumer kept failing (e.g. StartExecution ' +
        'refused; the dead-letter consumer ended the job failed, uncharged) or it names no job ' +
        '(it stays in the queue).',
    );
    this.failedExecutions = alarm(
      'FailedExecutions',
      props.stateMachine.metricFailed({ period, statistic: 'Sum' }),
      'An episode execution failed (the job is marked failed and nothing was charged).',
    );
    this.callbackErrors = alarm(
      'CallbackErrors',
      props.callback.metricErrors({ period, statistic: 'Sum' }),
      'The callback function (where quota is charged) returned an error.',
    );
    this.unfinishedJobs = alarm(
      'UnfinishedJobs',
      props.executionFailureDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period,
        statistic: 'Maximum',
      }),
      'An execution-status event reached its dead-letter queue: the failure path could not ' +
        'finish a failed, timed-out or aborted job (its message names the execution).',
    );
  }
}
