import { createHash } from 'node:crypto';
import type { LocalAccount, LocalEndpointNames } from './synthesized-app';

/**
 * What a resource's `Ref` and `Fn::GetAtt` resolve to in the local account.
 *
 * @example
 * ```ts
 * const table: LocalPhysicalResource = {
 *   ref: 'App-dev-TablesJobs',
 *   attributes: { Arn: 'arn:aws:dynamodb:us-east-1:000000000000:table/App-dev-TablesJobs' },
 * };
 * ```
 */
export interface LocalPhysicalResource {
  readonly ref: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/**
 * Everything a local name may depend on.
 *
 * @example
 * ```ts
 * const context: PhysicalNameContext = { stackName: 'App-dev', account, endpoints: {} };
 * ```
 */
export interface PhysicalNameContext {
  readonly stackName: string;
  readonly account: LocalAccount;
  readonly endpoints: LocalEndpointNames;
}

/** The property that names a resource explicitly, per type (when it is set, CloudFormation uses it). */
export const NAME_PROPERTY_BY_TYPE: Readonly<Record<string, string>> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::StepFunctions::StateMachine': 'StateMachineName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::Events::Rule': 'Name',
  'AWS::IAM::ManagedPolicy': 'ManagedPolicyName',
  'AWS::Cognito::UserPoolDomain': 'Domain',
  'AWS::Lambda::LayerVersion': 'LayerName',
  'AWS::CloudFront::Function': 'Name',
  'AWS::CloudWatch::Alarm': 'AlarmName',
};

function digest(seed: string, alphabet: string, length: number): string {
  const bytes = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; i < length; i += 1)
    out += alphabet[(bytes[i % bytes.length] ?? 0) % alphabet.length];
  return out;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** CloudFormation's generated name: `<stack>-<logicalId>`, cut to the service's limit. */
function generatedName(context: PhysicalNameContext, logicalId: string, maxLength: number): string {
  return `${context.stackName}-${logicalId}`.slice(0, maxLength);
}

/**
 * The local `Ref` and attributes of one resource, as CloudFormation would have made them in the
 * local account: explicit names are kept, others generated as `<stack>-<logicalId>` (lower case
 * for buckets), ids (user pool, client, API, distribution) derived from the logical id so a run
 * is reproducible. Returns `undefined` for a type this module has no scheme for.
 *
 * @example
 * ```ts
 * localPhysicalResource('AWS::SQS::Queue', 'Jobs', undefined, context).attributes.Arn;
 * // 'arn:aws:sqs:us-east-1:000000000000:App-dev-Jobs'
 * ```
 */
export function localPhysicalResource(
  type: string,
  logicalId: string,
  explicitName: string | undefined,
  context: PhysicalNameContext,
  properties: Readonly<Record<string, unknown>> = {},
): LocalPhysicalResource | undefined {
  const { region, accountId, partition } = context.account;
  const seed = `${context.stackName}/${logicalId}`;
  switch (type) {
    case 'AWS::DynamoDB::Table': {
      const name = explicitName ?? generatedName(context, logicalId, 255);
      const arn = `arn:${partition}:dynamodb:${region}:${accountId}:table/${name}`;
      return {
        ref: name,
        attributes: { Arn: arn, StreamArn: `${arn}/stream/1970-01-01T00:00:00.000` },
      };
    }
    case 'AWS::S3::Bucket': {
      const name = explicitName ?? generatedName(context, logicalId, 63).toLowerCase();
      return {
        ref: name,
        attributes: {
          Arn: `arn:${partition}:s3:::${name}`,
          DomainName: `${name}.s3.amazonaws.com`,
          RegionalDomainName: `${name}.s3.${region}.amazonaws.com`,
          DualStackDomainName: `${name}.s3.dualstack.${region}.amazonaws.com`,
          WebsiteURL: `http://${name}.s3-website-${region}.amazonaws.com`,
        },
      };
    }
    case 'AWS::SQS::Queue': {
      const fifo = properties['FifoQueue'] === true || properties['FifoQueue'] === 'true';
      const name =
        explicitName ??
        `${generatedName(context, logicalId, fifo ? 75 : 80)}${fifo ? '.fifo' : ''}`;
      const base = (context.endpoints.sqsBaseUrl ?? `https://sqs.${region}.amazonaws.com`).replace(
        /\/+$/,
        '',
      );
      const url = `${base}/${accountId}/${name}`;
      return {
        ref: url,
        attributes: {
          Arn: `arn:${partition}:sqs:${region}:${accountId}:${name}`,
          QueueName: name,
          QueueUrl: url,
        },
      };
    }
    case 'AWS::Lambda::Function': {
      const name = explicitName ?? generatedName(context, logicalId, 64);
      return {
        ref: name,
        attributes: { Arn: `arn:${partition}:lambda:${region}:${accountId}:function:${name}` },
      };
    }
    case 'AWS::IAM::Role': {
      const name = explicitName ?? generatedName(context, logicalId, 64);
      const path = typeof properties['Path'] === 'string' ? properties['Path'] : '/';
      return {
        ref: name,
        attributes: {
          Arn: `arn:${partition}:iam::${accountId}:role${path}${name}`,
          RoleId: `AROA${digest(seed, UPPER, 17)}`,
        },
      };
    }
    case 'AWS::StepFunctions::StateMachine': {
      const name = explicitName ?? generatedName(context, logicalId, 80);
      const arn = `arn:${partition}:states:${region}:${accountId}:stateMachine:${name}`;
      return { ref: arn, attributes: { Arn: arn, Name: name, StateMachineRevisionId: arn } };
    }
    case 'AWS::Logs::LogGroup': {
      const name = explicitName ?? generatedName(context, logicalId, 512);
      return {
        ref: name,
        attributes: { Arn: `arn:${partition}:logs:${region}:${accountId}:log-group:${name}:*` },
      };
    }
    case 'AWS::SNS::Topic': {
      const name = explicitName ?? generatedName(context, logicalId, 256);
      const arn = `arn:${partition}:sns:${region}:${accountId}:${name}`;
      return { ref: arn, attributes: { TopicArn: arn, TopicName: name } };
    }
    case 'AWS::Events::Rule': {
      const name = explicitName ?? generatedName(context, logicalId, 64);
      return {
        ref: name,
        attributes: { Arn: `arn:${partition}:events:${region}:${accountId}:rule/${name}` },
      };
    }
    case 'AWS::IAM::ManagedPolicy': {
      const name = explicitName ?? generatedName(context, logicalId, 128);
      const arn = `arn:${partition}:iam::${accountId}:policy/${name}`;
      return { ref: arn, attributes: { PolicyArn: arn } };
    }
    case 'AWS::Cognito::UserPool': {
      const id = `${region}_${digest(seed, MIXED, 9)}`;
      const providerName = `cognito-idp.${region}.amazonaws.com/${id}`;
      return {
        ref: id,
        attributes: {
          UserPoolId: id,
          Arn: `arn:${partition}:cognito-idp:${region}:${accountId}:userpool/${id}`,
          ProviderName: providerName,
          ProviderURL: `https://${providerName}`,
        },
      };
    }
    case 'AWS::Cognito::UserPoolClient': {
      const id = digest(seed, LOWER, 26);
      return { ref: id, attributes: { ClientId: id, Name: logicalId } };
    }
    case 'AWS::Cognito::UserPoolDomain':
      return { ref: explicitName ?? digest(seed, LOWER, 12), attributes: {} };
    case 'AWS::ApiGatewayV2::Api': {
      const id = digest(seed, LOWER, 10);
      return {
        ref: id,
        attributes: {
          ApiId: id,
          ApiEndpoint:
            context.endpoints.httpApiEndpoint ??
            `https://${id}.execute-api.${region}.amazonaws.com`,
        },
      };
    }
    case 'AWS::CloudFront::Distribution': {
      const id = `E${digest(seed, UPPER, 13)}`;
      return {
        ref: id,
        attributes: {
          Id: id,
          DomainName:
            context.endpoints.cloudFrontDomainName ?? `${digest(seed, LOWER, 14)}.cloudfront.net`,
        },
      };
    }
    case 'AWS::CloudFront::Function': {
      const name = explicitName ?? generatedName(context, logicalId, 64);
      const arn = `arn:${partition}:cloudfront::${accountId}:function/${name}`;
      return { ref: arn, attributes: { FunctionARN: arn, FunctionMetadata: arn } };
    }
    case 'AWS::Lambda::LayerVersion': {
      const name = explicitName ?? generatedName(context, logicalId, 64);
      const arn = `arn:${partition}:lambda:${region}:${accountId}:layer:${name}:1`;
      return { ref: arn, attributes: { LayerVersionArn: arn } };
    }
    case 'AWS::CloudWatch::Alarm': {
      const name = explicitName ?? generatedName(context, logicalId, 255);
      return {
        ref: name,
        attributes: { Arn: `arn:${partition}:cloudwatch:${region}:${accountId}:alarm:${name}` },
      };
    }
    case 'AWS::CloudFront::OriginAccessControl':
      return {
        ref: `E${digest(seed, UPPER, 13)}`,
        attributes: { Id: `E${digest(seed, UPPER, 13)}` },
      };
    case 'AWS::ApiGatewayV2::Integration':
    case 'AWS::ApiGatewayV2::Route':
    case 'AWS::ApiGatewayV2::Authorizer':
    case 'AWS::ApiGatewayV2::Stage':
    case 'AWS::Lambda::EventSourceMapping':
    case 'AWS::Lambda::Permission':
    case 'AWS::IAM::Policy':
    case 'AWS::S3::BucketPolicy':
    case 'AWS::SQS::QueuePolicy':
    case 'AWS::SNS::TopicPolicy':
      return { ref: explicitName ?? digest(seed, LOWER, 7), attributes: {} };
    default:
      return undefined;
  }
}
