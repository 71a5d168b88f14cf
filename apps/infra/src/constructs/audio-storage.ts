import { Duration, Validations } from 'aws-cdk-lib';
import { Bucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { PostDeployCall } from './post-deploy-call';
import { privateBucketProps } from './private-bucket';

/**
 * Intermediate chunk objects (`chunks/<userId>/<jobId>/<index>.mp3`) expire after this many days.
 */
export const CHUNK_EXPIRY_DAYS = 2;

/** Props of {@link AudioStorage}. */
export interface AudioStorageProps {
  readonly config: StageConfig;
}

/**
 * The audio bucket (chunks, scripts, episodes and captions) and the access-log
 * bucket that receives S3 server access logs and CloudFront standard logs.
 * Both private (all public access blocked), TLS-only, SSE-S3 encrypted.
 */
export class AudioStorage extends Construct {
  readonly audio: Bucket;
  readonly accessLogs: Bucket;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: AudioStorageProps) {
    super(scope, id);
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...privateBucketProps(props.config),
      // CloudFront standard logging writes with ACLs, so the bucket must accept them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.audio = new Bucket(this, 'Audio', {
      ...privateBucketProps(props.config),
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'audio-bucket/',
      lifecycleRules: [
        {
          id: 'expire-intermediate-chunks',
          prefix: 'chunks/',
          expiration: Duration.days(CHUNK_EXPIRY_DAYS),
        },
        // An uploaded source is read once, by the script step of the episode made from it.
        { id: 'expire-source-uploads', prefix: 'sources/', expiration: Duration.days(1) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    this.config = props.config;
  }

  /**
   * Lets one browser origin (the dashboard) read episode files with CORS — the
   * player fetches captions from their presigned URL, which is another origin —
   * and POST source files to the bucket through a presigned upload form.
   * Set after deployment, like the API's CORS, because the distribution
   * depends (through the functions) on this bucket.
   */
  allowBrowserReadsFrom(origin: string): PostDeployCall {
    return new PostDeployCall(this, 'Cors', {
      config: this.config,
      description:
        'Lets the Lumcast dashboard origin read episode files from, and upload source files to, the audio bucket',
      call: {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: this.audio.bucketName,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [origin],
                AllowedMethods: ['GET', 'HEAD'],
                AllowedHeaders: ['range'],
                MaxAgeSeconds: 3000,
              },
              {
                AllowedOrigins: [origin],
                AllowedMethods: ['POST'],
                AllowedHeaders: ['*'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        },
      },
      allow: [
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [this.audio.bucketArn] }),
      ],
      physicalId: 'audio-bucket-cors',
    });
  }
}
