import type { AwsCredentialIdentityProvider } from '@smithy/types';

/**
 * A real AWS service endpoint that a front door forwards authorized calls to, re-signed with
 * credentials of the caller's choosing (the user's own).
 *
 * @example
 * ```ts
 * const polly: RealUpstream = {
 *   endpoint: new URL('https://polly.eu-west-1.amazonaws.com'),
 *   region: 'eu-west-1',
 *   credentials: defaultProvider(),
 * };
 * ```
 */
export interface RealUpstream {
  /** The service's regional endpoint (`https://polly.<region>.amazonaws.com`), or a stand-in's. */
  readonly endpoint: URL;
  /** The region the forwarded calls are signed for. */
  readonly region: string;
  /** Whose credentials sign the forwarded calls (e.g. the AWS SDK's default provider chain). */
  readonly credentials: AwsCredentialIdentityProvider;
  /** Certificates (PEM) the endpoint's TLS certificate is checked against instead of Node's roots. */
  readonly ca?: string;
}

/** The services whose calls can go to the real AWS instead of the engine's fakes. */
export type RealServiceName = 'polly' | 'bedrock-runtime';

/**
 * Which services go to the real AWS: each one named is forwarded there, every other one to its fake.
 *
 * @example
 * ```ts
 * const real: RealServices = { polly };
 * ```
 */
export type RealServices = Readonly<Partial<Record<RealServiceName, RealUpstream>>>;
