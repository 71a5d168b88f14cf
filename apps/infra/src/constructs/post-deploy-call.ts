import { Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  type AwsSdkCall,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Props of {@link PostDeployCall}. */
export interface PostDeployCallProps {
  readonly config: StageConfig;
  /** What the call is for (the role's description). */
  readonly description: string;
  /** The SDK call, made on create and on every update (whenever its parameters change). */
  readonly call: Omit<AwsSdkCall, 'physicalResourceId'>;
  /** The only permissions its role gets. */
  readonly allow: PolicyStatement[];
  readonly physicalId: string;
}

/**
 * One SDK call made after deployment by a custom resource with its own
 * least-privilege role and log group: for settings CloudFormation cannot
 * express without a dependency cycle (an origin that names the distribution
 * which itself depends on the resource).
 */
export class PostDeployCall extends Construct {
  readonly resource: AwsCustomResource;

  constructor(scope: Construct, id: string, props: PostDeployCallProps) {
    super(scope, id);
    const call: AwsSdkCall = {
      ...props.call,
      physicalResourceId: PhysicalResourceId.of(props.physicalId),
    };
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    logGroup.grantWrite(role);
    this.resource = new AwsCustomResource(this, 'Call', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements(props.allow),
      role,
      logGroup,
      installLatestAwsSdk: false,
      timeout: Duration.minutes(2),
    });
  }
}
