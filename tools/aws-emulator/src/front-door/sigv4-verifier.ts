import { timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { SignatureRejectedError } from '../errors';
import { NodeSha256 } from './node-sha256';

/**
 * One HTTP request as a front door received it: the path exactly as sent (still percent-encoded),
 * the raw query string, lower-cased headers (`host` filled from HTTP/2's `:authority`), the body.
 *
 * @example
 * ```ts
 * const request: ReceivedRequest = { method: 'GET', path: '/bucket/key', rawQuery: '', headers: { host: '127.0.0.1:9000' }, body: Buffer.alloc(0) };
 * ```
 */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * Who may sign requests: a secret (and session token) per access key id.
 *
 * @example
 * ```ts
 * const keys: SigningKeys = (id) => (id === 'ASIA1' ? { secretAccessKey: 's', sessionToken: 't' } : undefined);
 * ```
 */
export type SigningKeys = (
  accessKeyId: string,
) => { readonly secretAccessKey: string; readonly sessionToken?: string } | undefined;

/**
 * What a verified signature says: the access key that signed, the credential scope's service and
 * region, and whether the request was presigned (query) or signed in its headers.
 *
 * @example
 * ```ts
 * const { accessKeyId, presigned } = await verifySigV4(request, keys, new Date());
 * ```
 */
export interface VerifiedSignature {
  readonly accessKeyId: string;
  readonly service: string;
  readonly region: string;
  readonly presigned: boolean;
}

/** AWS's allowed clock skew for header-signed requests. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** SigV4's own query parameters of a presigned URL, lower-cased. */
export const AUTH_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-expires',
  'x-amz-signedheaders',
  'x-amz-signature',
  'x-amz-security-token',
]);

function parseAmzDate(value: string | undefined): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) throw new SignatureRejectedError('Malformed', `X-Amz-Date "${value}" is not a date`);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/** Query entries as the signer takes them: a repeated key's values in an array. */
export function queryObject(
  entries: readonly [string, string][],
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

function parseCredential(credential: string): {
  accessKeyId: string;
  region: string;
  service: string;
} {
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (!accessKeyId || !region || !service || terminator !== 'aws4_request')
    throw new SignatureRejectedError('Malformed', `Credential "${credential}" is malformed`);
  return { accessKeyId, region, service };
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function signerFor(
  service: string,
  region: string,
  accessKeyId: string,
  secret: { secretAccessKey: string; sessionToken?: string },
): SignatureV4 {
  return new SignatureV4({
    service,
    region,
    sha256: NodeSha256,
    // S3 signs the path as sent; every other service signs it encoded once more.
    uriEscapePath: service !== 's3',
    credentials: { accessKeyId, ...secret },
  });
}

/**
 * Checks a request's SigV4 signature the way AWS does, in its `Authorization` header or in a
 * presigned query: the access key must be known, the signature must match the key's secret over
 * the signed headers, path, query and payload, a header-signed request must be within 15 minutes of
 * `now`, and a presigned one must not have passed `X-Amz-Date + X-Amz-Expires`.
 *
 * @throws SignatureRejectedError saying which rule the request broke.
 * @example
 * ```ts
 * const signature = await verifySigV4(request, (id) => callers.get(id), new Date());
 * console.log(signature.accessKeyId, signature.presigned);
 * ```
 */
export async function verifySigV4(
  request: ReceivedRequest,
  keys: SigningKeys,
  now: Date,
): Promise<VerifiedSignature> {
  const entries = [...new URLSearchParams(request.rawQuery)] as [string, string][];
  const lowerQuery = new Map(entries.map(([key, value]) => [key.toLowerCase(), value]));
  // One of each: a second signature, date or expiry is no other spelling of the first.
  const repeated = [...AUTH_QUERY_PARAMETERS].find(
    (name) => entries.filter(([key]) => key.toLowerCase() === name).length > 1,
  );
  if (repeated !== undefined)
    throw new SignatureRejectedError('Malformed', `${repeated} is given more than once`);
  const authorization = request.headers['authorization'];
  const presigned = authorization === undefined && lowerQuery.has('x-amz-signature');
  if (authorization === undefined && !presigned)
    throw new SignatureRejectedError('Missing', 'The request is not signed');

  let credential: string;
  let signedHeaders: string[];
  let givenSignature: string;
  let signedAt: Date;
  if (presigned) {
    credential = lowerQuery.get('x-amz-credential') ?? '';
    signedHeaders = (lowerQuery.get('x-amz-signedheaders') ?? '').split(';');
    givenSignature = lowerQuery.get('x-amz-signature') ?? '';
    signedAt = parseAmzDate(lowerQuery.get('x-amz-date'));
  } else {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
        authorization ?? '',
      );
    if (!match)
      throw new SignatureRejectedError('Malformed', 'The Authorization header is not SigV4');
    credential = match[1] as string;
    signedHeaders = (match[2] as string).split(';');
    givenSignature = match[3] as string;
    signedAt = parseAmzDate(request.headers['x-amz-date']);
  }
  const { accessKeyId, region, service } = parseCredential(credential);
  const secret = keys(accessKeyId);
  if (secret === undefined)
    throw new SignatureRejectedError(
      'UnknownAccessKey',
      `The security token included in the request is invalid (access key ${accessKeyId})`,
    );

  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const [hostname, port] = (request.headers['host'] ?? '').split(':');
  const base = {
    method: request.method,
    protocol: 'http:',
    hostname: hostname ?? '',
    ...(port ? { port: Number(port) } : {}),
    path: request.path,
  };
  // Sign with the token the request carries: whether it is the key's own token is the caller's
  // check (AWS answers a missing or wrong token as an invalid token, not a bad signature).
  const carriedToken =
    request.headers['x-amz-security-token'] ?? lowerQuery.get('x-amz-security-token');
  const signer = signerFor(service, region, accessKeyId, {
    secretAccessKey: secret.secretAccessKey,
    ...(carriedToken === undefined ? {} : { sessionToken: carriedToken }),
  });

  let expected: string;
  if (presigned) {
    // Re-signed from the number it reads, so only the number's one spelling may verify.
    const expiresRaw = lowerQuery.get('x-amz-expires') ?? '';
    const expiresIn = /^[1-9][0-9]{0,5}$/.test(expiresRaw) ? Number(expiresRaw) : Number.NaN;
    if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 604_800)
      throw new SignatureRejectedError('Malformed', 'X-Amz-Expires must be 1..604800 seconds');
    if (now.getTime() > signedAt.getTime() + expiresIn * 1000)
      throw new SignatureRejectedError('Expired', 'Request has expired');
    if (signedAt.getTime() - now.getTime() > MAX_SKEW_MS)
      throw new SignatureRejectedError('Skewed', 'Request is not valid yet');
    // The presigner hoisted the x-amz-* headers into the query; give them back as headers so it
    // hoists them again, and let it add the auth parameters itself.
    const query = entries.filter(([key]) => !AUTH_QUERY_PARAMETERS.has(key.toLowerCase()));
    const hoisted = query.filter(([key]) => key.toLowerCase().startsWith('x-amz-'));
    const kept = query.filter(([key]) => !key.toLowerCase().startsWith('x-amz-'));
    const toSign = {
      ...base,
      query: queryObject(kept),
      headers: { ...headers, ...Object.fromEntries(hoisted) },
    };
    if (service === 's3' && !hoisted.some(([key]) => key.toLowerCase() === 'x-amz-content-sha256'))
      toSign.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
    const signed = await signer.presign(toSign, {
      signingDate: signedAt,
      expiresIn,
      unhoistableHeaders: new Set(),
    });
    expected = String(signed.query?.['X-Amz-Signature'] ?? '');
  } else {
    if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS)
      throw new SignatureRejectedError(
        'Skewed',
        'Signature not yet current or expired: the request time is over 15 minutes from the server time',
      );
    const signed = await signer.sign(
      { ...base, query: queryObject(entries), headers, body: request.body },
      { signingDate: signedAt },
    );
    expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers['authorization']))?.[1] ?? '';
  }
  if (!sameSignature(expected, givenSignature))
    throw new SignatureRejectedError(
      'Mismatch',
      'The request signature we calculated does not match the signature you provided',
    );
  return { accessKeyId, service, region, presigned };
}
