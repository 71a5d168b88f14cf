import { createHash } from 'node:crypto';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';
import { STAND_IN_INLINE_SCRIPT } from './support/stand-in-builds';

// The dashboard's security headers in CloudFront: a response headers policy of its own on the
// static site, with a Content-Security-Policy built from the deployed export's inline scripts.

let synthesized: SynthesizedLumcast;

beforeAll(() => {
  synthesized = synthesizeLumcast();
});
afterAll(() => synthesized.builds.remove());

/** A CloudFormation string value with each reference written `<Ref:id>` or `<id.Attribute>`. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if (object['Fn::Join']) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(flatten).join(separator);
  }
  if (object['Ref']) return `<Ref:${String(object['Ref'])}>`;
  if (object['Fn::GetAtt']) return `<${(object['Fn::GetAtt'] as string[]).join('.')}>`;
  return JSON.stringify(value);
}

function dashboardPolicy(): Record<string, unknown> {
  const distribution = Object.values(
    synthesized.template.findResources('AWS::CloudFront::Distribution'),
  )[0]?.['Properties']['DistributionConfig'];
  const reference = distribution['DefaultCacheBehavior']['ResponseHeadersPolicyId'];
  expect(reference).toEqual({ Ref: expect.any(String) });
  const policy = synthesized.template.findResources('AWS::CloudFront::ResponseHeadersPolicy')[
    reference.Ref
  ];
  expect(policy).toBeDefined();
  return policy?.['Properties']['ResponseHeadersPolicyConfig']['SecurityHeadersConfig'];
}

/** The directives of the dashboard's Content-Security-Policy, by name. */
function directives(): Record<string, string[]> {
  const csp = dashboardPolicy()['ContentSecurityPolicy'] as Record<string, unknown>;
  expect(csp['Override']).toBe(true);
  return Object.fromEntries(
    flatten(csp['ContentSecurityPolicy'])
      .split(';')
      .map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
  );
}

describe('the dashboard’s response headers in CloudFront', () => {
  it('sends nosniff, no framing, no referrer and HSTS, overriding the origin', () => {
    const headers = dashboardPolicy();
    expect(headers['ContentTypeOptions']).toEqual({ Override: true });
    expect(headers['FrameOptions']).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers['ReferrerPolicy']).toEqual({ ReferrerPolicy: 'no-referrer', Override: true });
    expect(headers['StrictTransportSecurity']).toMatchObject({
      AccessControlMaxAgeSec: 31_536_000,
      Override: true,
    });
  });

  it('allows only the dashboard’s own origin by default, and lets no one frame it', () => {
    const policy = directives();
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('runs the export’s own scripts and exactly its inline scripts, by hash, never unsafe-inline', () => {
    const hash = createHash('sha256').update(STAND_IN_INLINE_SCRIPT).digest('base64');
    expect(directives()['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('lets the page reach Cognito’s hosted UI and the audio bucket, and play from the bucket', () => {
    const { stack } = synthesized;
    const domain = `<Ref:${logicalIdOf(stack, stack.auth.domain)}>`;
    const bucket = `https://<${logicalIdOf(stack, stack.storage.audio)}.RegionalDomainName>`;
    const policy = directives();
    expect(policy['connect-src']).toEqual([
      "'self'",
      `https://${domain}.auth.<Ref:AWS::Region>.amazoncognito.com`,
      bucket,
    ]);
    expect(policy['media-src']).toEqual(["'self'", bucket, 'blob:']);
  });

  it('keeps the managed security headers on the API’s path', () => {
    const distribution = Object.values(
      synthesized.template.findResources('AWS::CloudFront::Distribution'),
    )[0]?.['Properties']['DistributionConfig'];
    expect(distribution['CacheBehaviors'][0]['ResponseHeadersPolicyId']).toBe(
      '67f7725c-6f97-4210-82d7-5512b31e9d03',
    );
  });
});
