import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import { NodeSha256 } from './node-sha256';
import { queryObject } from './sigv4-verifier';

/**
 * Whom a re-signed request is signed as: the SigV4 signing name, the region and the credentials.
 *
 * @example
 * ```ts
 * const scope: SigningScope = { service: 'polly', region: 'eu-west-1', credentials };
 * ```
 */
export interface SigningScope {
  readonly service: string;
  readonly region: string;
  readonly credentials: AwsCredentialIdentity;
}

/**
 * A request to re-sign: its method, path as received (still percent-encoded), raw query and the
 * headers to send on (none of the previous signature's).
 *
 * @example
 * ```ts
 * const unsigned: UnsignedRequest = { method: 'POST', path: '/v1/speech', rawQuery: '', headers: { 'content-type': 'application/json' } };
 * ```
 */
export interface UnsignedRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Signs a request for another endpoint with SigV4 in its headers, as the AWS SDK signs a call of a
 * service other than S3 (the path encoded once more): `host` becomes the endpoint's, and the
 * answer is every header to send, `authorization`, `x-amz-date`, `x-amz-content-sha256`,
 * `content-length` and (with a session token) `x-amz-security-token` included.
 *
 * @example
 * ```ts
 * const headers = await resignFor(scope, new URL('https://polly.eu-west-1.amazonaws.com'), unsigned, body);
 * ```
 */
export async function resignFor(
  scope: SigningScope,
  endpoint: URL,
  request: UnsignedRequest,
  body: Buffer,
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    service: scope.service,
    region: scope.region,
    sha256: NodeSha256,
    uriEscapePath: true,
    credentials: scope.credentials,
  });
  const signed = await signer.sign({
    method: request.method,
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    ...(endpoint.port === '' ? {} : { port: Number(endpoint.port) }),
    path: request.path,
    query: queryObject([...new URLSearchParams(request.rawQuery)]),
    headers: { ...request.headers, host: endpoint.host, 'content-length': String(body.length) },
    body,
  });
  return signed.headers as Record<string, string>;
}
