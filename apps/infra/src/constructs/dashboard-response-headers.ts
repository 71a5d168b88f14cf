import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { dashboardContentSecurityPolicy, inlineScriptHashes } from '@lumcast/pipeline';
import { Construct } from 'constructs';
import { InfraConfigurationError } from '../errors';

/** The longest Content-Security-Policy a CloudFront response headers policy takes. */
const CLOUDFRONT_CSP_MAX_CHARS = 1783;

/**
 * The hashes of every inline script in a static export's HTML pages (all folders), each once,
 * sorted: what the dashboard's Content-Security-Policy lets run inline.
 */
export function exportScriptHashes(exportDir: string): string[] {
  const pages = readdirSync(exportDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  const hashes = pages.flatMap((page) =>
    inlineScriptHashes(readFileSync(path.join(exportDir, page), 'utf8')),
  );
  return [...new Set(hashes)].sort();
}

/** Props of {@link DashboardResponseHeaders}. */
export interface DashboardResponseHeadersProps {
  /** The static export that is deployed: its pages' inline scripts are hashed into the policy. */
  readonly exportDir: string;
  /** Origins the page fetches besides its own: Cognito's hosted UI (tokens), the audio bucket. */
  readonly connectSources: readonly string[];
  /** Origins audio and captions play from besides its own: the audio bucket, `blob:`. */
  readonly mediaSources: readonly string[];
}

/**
 * The dashboard's response headers policy in CloudFront: the Content-Security-Policy the local
 * stack also sends (`dashboardContentSecurityPolicy`: its own origin only, plus here Cognito and
 * the audio bucket, scripts from its origin and exactly the export's inline scripts by hash, no
 * inline style, `frame-ancestors 'none'`), `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer` and HSTS for a year, each overriding
 * whatever the origin sends.
 */
export class DashboardResponseHeaders extends Construct {
  readonly policy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: DashboardResponseHeadersProps) {
    super(scope, id);
    const contentSecurityPolicy = dashboardContentSecurityPolicy({
      scriptHashes: exportScriptHashes(props.exportDir),
      connectSources: props.connectSources,
      mediaSources: props.mediaSources,
    });
    // Tokens (the bucket's and the hosted UI's names) resolve to some 60 characters each.
    const length = contentSecurityPolicy.replace(/\$\{Token\[[^\]]*\]\}/g, 'x'.repeat(60)).length;
    if (length > CLOUDFRONT_CSP_MAX_CHARS) {
      throw new InfraConfigurationError(
        `The dashboard's Content-Security-Policy is about ${length} characters; CloudFront takes ${CLOUDFRONT_CSP_MAX_CHARS}. Fewer inline scripts in the export (or fewer pages) shorten it.`,
      );
    }
    this.policy = new ResponseHeadersPolicy(this, 'Policy', {
      comment: 'Lumcast dashboard: CSP with the export’s inline script hashes, no framing, nosniff',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
      },
    });
  }
}
