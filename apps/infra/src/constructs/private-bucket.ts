import { BlockPublicAccess, BucketEncryption, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../stage-config';

/**
 * The props every bucket of this app starts from: private (all public access blocked),
 * TLS-only, SSE-S3 encrypted, removed with the stack per the stage's removal policy, and
 * emptied on removal in `dev` only (the disposable stage). Spread them first, then add what
 * the bucket needs of its own.
 */
export function privateBucketProps(config: StageConfig) {
  return {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    removalPolicy: config.removalPolicy,
    autoDeleteObjects: config.stage === 'dev',
  } satisfies BucketProps;
}
