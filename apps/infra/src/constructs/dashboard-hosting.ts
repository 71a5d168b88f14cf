import { Duration, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { DashboardResponseHeaders } from './dashboard-response-headers';
import { privateBucketProps } from './private-bucket';

/**
 * Viewer-request rewrite for Next's static export (`trailingSlash: false`):
 * `/` and `/x/` → `…/index.html`, `/podcasts` → `/podcasts.html`; paths with an
 * extension are left alone. Runs only on the default (static) behaviour.
 */
export const STATIC_EXPORT_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) {
    request.uri = uri + 'index.html';
  } else if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    request.uri = uri + '.html';
  }
  return request;
}`;

/** What `/config.json` tells the dashboard in AWS (the pipeline contract's shape). */
export interface CognitoRuntimeConfig {
  readonly identity: 'cognito';
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly cognitoDomain: string;
}

/** Props of {@link DashboardHosting}. */
export interface DashboardHostingProps {
  readonly config: StageConfig;
  /** Host name of the HTTP API's execute-api endpoint. */
  readonly apiHost: string;
  /** Bucket receiving CloudFront standard logs and the site bucket's access logs. */
  readonly logBucket: IBucket;
  /** The static export that is deployed (its inline scripts are hashed into the CSP). */
  readonly exportDir: string;
  /** The Cognito hosted UI's origin (`https://…amazoncognito.com`), whose token endpoint the page calls. */
  readonly cognitoOrigin: string;
  /** The audio bucket's origin (`https://<bucket>.s3.<region>.amazonaws.com`): presigned audio, captions, uploads. */
  readonly audioOrigin: string;
}

/**
 * The dashboard as the browser sees it: one CloudFront origin. The default
 * behaviour serves Next's static export from a private S3 bucket through origin
 * access control, with the dashboard's security headers ({@link DashboardResponseHeaders}:
 * a Content-Security-Policy of its own origin, Cognito and the audio bucket, with the
 * export's inline script hashes and `frame-ancestors 'none'`; nosniff; no referrer);
 * `/api/*` goes to the HTTP API with caching disabled and every
 * viewer header except Host forwarded (so `Authorization` reaches the JWT
 * authorizer and API Gateway sees its own host name).
 *
 * No distribution-level error pages: they would also rewrite the API's JSON 404s.
 */
export class DashboardHosting extends Construct {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: DashboardHostingProps) {
    super(scope, id);
    this.siteBucket = new Bucket(this, 'Site', {
      ...privateBucketProps(props.config),
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'dashboard-bucket/',
    });
    const rewrite = new CloudFrontFunction(this, 'StaticExportRewrite', {
      code: FunctionCode.fromInline(STATIC_EXPORT_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Maps clean URLs to the files of the Next static export',
    });
    const headers = new DashboardResponseHeaders(this, 'SecurityHeaders', {
      exportDir: props.exportDir,
      connectSources: [props.cognitoOrigin, props.audioOrigin],
      // blob: the captions of a presigned (cross-origin) link are fetched and played from a blob.
      mediaSources: [props.audioOrigin, 'blob:'],
    });
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Lumcast ${props.config.stage} dashboard and API`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers.policy,
        compress: true,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            readTimeout: Duration.seconds(30),
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Lumcast serves listeners worldwide; there is no country to exclude.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF: a CloudFront web ACL must live in us-east-1 (a separate stack) and costs per ' +
          'request; the API is authenticated (JWT) and throttled at the stage.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, whose minimum protocol ' +
          'CloudFront fixes; a custom domain with TLSv1.2_2021 is the way to raise it.',
      },
    );
  }

  /** The dashboard's origin, e.g. `https://d111111abcdef8.cloudfront.net`. */
  get origin(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the static export and `config.json` (one deployment, so pruning old
   * files never removes config.json) and invalidates the distribution.
   */
  deploySite(exportDir: string, runtimeConfig: CognitoRuntimeConfig): BucketDeployment {
    return new BucketDeployment(this, 'Deploy', {
      destinationBucket: this.siteBucket,
      sources: [Source.asset(exportDir), Source.jsonData('config.json', runtimeConfig)],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
  }
}
