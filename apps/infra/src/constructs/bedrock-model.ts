import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

const INFERENCE_PROFILE_PREFIX = /^(us|eu|apac|us-gov|jp|au|ca|global)\.(.+)$/;

/**
 * Grants `bedrock:InvokeModel` (what Converse needs) on exactly the configured
 * model. A foundation model id maps to its foundation-model ARN in this region;
 * a cross-region inference profile id (`us.anthropic...`) maps to the profile
 * ARN plus the underlying foundation model, the latter only when called through
 * that profile (condition `bedrock:InferenceProfileArn`).
 */
export function grantInvokeModel(scope: Construct, grantee: IGrantable, modelId: string): Grant {
  const stack = Stack.of(scope);
  const profile = INFERENCE_PROFILE_PREFIX.exec(modelId);
  if (profile === null) {
    return Grant.addToPrincipal({
      grantee,
      actions: ['bedrock:InvokeModel'],
      resourceArns: [
        stack.formatArn({
          service: 'bedrock',
          account: '',
          resource: 'foundation-model',
          resourceName: modelId,
        }),
      ],
    });
  }
  const profileArn = stack.formatArn({
    service: 'bedrock',
    resource: 'inference-profile',
    resourceName: modelId,
  });
  Grant.addToPrincipal({ grantee, actions: ['bedrock:InvokeModel'], resourceArns: [profileArn] });
  const foundationModels = `arn:<AWS::Partition>:bedrock:*::foundation-model/${profile[2]}`;
  if (Construct.isConstruct(grantee.grantPrincipal)) {
    Validations.of(grantee.grantPrincipal).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${foundationModels}]`,
      reason:
        'A cross-region inference profile routes to this one model in whichever region it picks, ' +
        'so the region is "*"; the statement only applies through this profile ' +
        '(condition bedrock:InferenceProfileArn).',
    });
  }
  return Grant.addToPrincipal({
    grantee,
    actions: ['bedrock:InvokeModel'],
    resourceArns: [`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${profile[2]}`],
    conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
  });
}
