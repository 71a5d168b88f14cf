import { randomUUID } from 'node:crypto';
import type { SignatureRejectedError } from '../errors';
import type { Authorization, FrontDoorService } from './service-call';

/**
 * One answer a front door sends back: status, headers and the whole body.
 *
 * @example
 * ```ts
 * const answer: Answer = { status: 200, headers: {}, body: Buffer.alloc(0) };
 * ```
 */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * A refusal before it is put in a service's wire shape.
 *
 * @example
 * ```ts
 * const refusal: Refusal = { status: 403, code: 'AccessDenied', message: 'Access Denied' };
 * ```
 */
export interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/**
 * A fresh AWS-style request id (32 hex digits).
 *
 * @example
 * ```ts
 * headers['x-amzn-requestid'] = requestId();
 * ```
 */
export function requestId(): string {
  return randomUUID().replace(/-/g, '');
}

/**
 * Escapes the characters XML text cannot hold as they are.
 *
 * @example
 * ```ts
 * escapeXml('a<b'); // 'a&lt;b'
 * ```
 */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A refusal in the service's own wire shape: S3's XML, the others' JSON with `__type`.
 *
 * @example
 * ```ts
 * refusalAnswer('s3', { status: 403, code: 'AccessDenied', message: 'Access Denied' });
 * ```
 */
export function refusalAnswer(service: FrontDoorService, refusal: Refusal): Answer {
  const id = requestId();
  if (service === 's3') {
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
      `<Message>${escapeXml(refusal.message)}</Message><RequestId>${id}</RequestId></Error>`;
    return {
      status: refusal.status,
      headers: { 'content-type': 'application/xml', 'x-amz-request-id': id },
      body: Buffer.from(xml),
    };
  }
  const json = service === 'polly' || service === 'bedrock-runtime';
  const headers: Record<string, string> = {
    'content-type': json ? 'application/json' : 'application/x-amz-json-1.0',
    'x-amzn-requestid': id,
    'x-amzn-errortype': refusal.code,
  };
  if (service === 'sqs') headers['x-amzn-query-error'] = `${refusal.code};Sender`;
  return {
    status: refusal.status,
    headers,
    body: Buffer.from(JSON.stringify({ __type: refusal.code, message: refusal.message })),
  };
}

/**
 * What AWS answers for each signature refusal, per service family.
 *
 * @example
 * ```ts
 * signatureRefusal('s3', new SignatureRejectedError('Mismatch', '...')).code; // 'SignatureDoesNotMatch'
 * ```
 */
export function signatureRefusal(
  service: FrontDoorService,
  error: SignatureRejectedError,
): Refusal {
  if (service === 's3') {
    const code =
      error.code === 'UnknownAccessKey'
        ? 'InvalidAccessKeyId'
        : error.code === 'Mismatch'
          ? 'SignatureDoesNotMatch'
          : error.code === 'Skewed'
            ? 'RequestTimeTooSkewed'
            : error.code === 'Malformed'
              ? 'AuthorizationQueryParametersError'
              : 'AccessDenied';
    return { status: error.code === 'Malformed' ? 400 : 403, code, message: error.message };
  }
  const code =
    error.code === 'UnknownAccessKey'
      ? 'UnrecognizedClientException'
      : error.code === 'Mismatch'
        ? 'InvalidSignatureException'
        : error.code === 'Skewed'
          ? 'InvalidSignatureException'
          : error.code === 'Missing'
            ? 'MissingAuthenticationTokenException'
            : 'IncompleteSignatureException';
  return { status: service === 'dynamodb' ? 400 : 403, code, message: error.message };
}

/**
 * What AWS answers a call IAM denied, per service, naming the principal, action and resource.
 *
 * @example
 * ```ts
 * denialRefusal('sqs', principal, { action: 'sqs:SendMessage', resource: queueArn }, false).code; // 'AccessDenied'
 * ```
 */
export function denialRefusal(
  service: FrontDoorService,
  principal: string,
  denied: Authorization,
  explicit: boolean,
): Refusal {
  const why = explicit
    ? `with an explicit deny in a policy`
    : `because no identity-based policy allows the ${denied.action} action`;
  const message = `User: ${principal} is not authorized to perform: ${denied.action} on resource: ${denied.resource} ${why}`;
  switch (service) {
    case 's3':
      return { status: 403, code: 'AccessDenied', message };
    case 'dynamodb':
    case 'sfn':
      return { status: 400, code: 'AccessDeniedException', message };
    case 'sqs':
      return { status: 403, code: 'AccessDenied', message };
    default:
      return { status: 403, code: 'AccessDeniedException', message };
  }
}
