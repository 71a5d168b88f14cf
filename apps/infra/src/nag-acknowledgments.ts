import { Validations, type Stack } from 'aws-cdk-lib';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';

/** Construct id prefix of the singleton function behind every `BucketDeployment`. */
const BUCKET_DEPLOYMENT_PROVIDER_PREFIX = 'Custom::CDKBucketDeployment';

/**
 * Acknowledges the cdk-nag findings on the helper function aws-cdk-lib adds by
 * itself for `BucketDeployment` (it copies the dashboard from the CDK asset
 * bucket into the site bucket at deploy time). Its role and runtime are chosen by
 * aws-cdk-lib, not by this app; each acknowledgment says why it is accepted.
 */
export function acknowledgeCdkProviderFindings(stack: Stack, siteBucket: IBucket): void {
  const siteBucketLogicalId = stack.resolve((siteBucket.node.defaultChild as CfnBucket).logicalId);
  const providers = stack.node.children.filter((child) =>
    child.node.id.startsWith(BUCKET_DEPLOYMENT_PROVIDER_PREFIX),
  );
  for (const provider of providers) {
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'BucketDeployment (aws-cdk-lib) gives its deploy-time copier the basic execution role ' +
          'for its own logs; it runs only during deployments.',
      },
      ...[
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${siteBucketLogicalId}.Arn>/*`,
      ].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          'BucketDeployment (aws-cdk-lib) generates these grants so its copier can read the CDK ' +
          'asset bucket and sync/prune the dashboard bucket; they are limited to those two buckets ' +
          'and used only during deployments.',
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'BucketDeployment invalidates the distribution after upload; cloudfront:CreateInvalidation ' +
          'and GetInvalidation are granted on "*" by aws-cdk-lib.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The BucketDeployment copier runtime (Python) is pinned by aws-cdk-lib.',
      },
    );
  }
}
