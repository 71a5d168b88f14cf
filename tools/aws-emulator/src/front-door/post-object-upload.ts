import {
  readPostObjectForm,
  verifyPostObject,
  type AcceptedPostObject,
} from '../s3/s3-post-object';
import type { Authority } from './authorize';
import type { Forwarder } from './forward';
import type { Caller } from './front-door-types';
import { escapeXml, refusalAnswer, requestId, type Answer, type Refusal } from './refusals';
import type { ServiceCall } from './service-call';
import type { ReceivedRequest } from './sigv4-verifier';
import { MAX_BODY_BYTES } from './transport';

/**
 * Whether an S3 request is a browser-based POST Object upload: a `multipart/form-data` POST to a
 * bucket (path style, no key) that carries no SigV4 header or query (the form signs itself).
 *
 * @example
 * ```ts
 * if (service === 's3' && isPostObject(request)) return uploads.answer(request, size, abandoned);
 * ```
 */
export function isPostObject(request: ReceivedRequest): boolean {
  const [bucket = '', ...rest] = request.path.replace(/^\//, '').split('/');
  return (
    request.method.toUpperCase() === 'POST' &&
    bucket !== '' &&
    rest.join('') === '' &&
    request.headers['authorization'] === undefined &&
    !/(^|&)x-amz-signature=/i.test(request.rawQuery) &&
    /^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')
  );
}

function encodeKey(key: string): string {
  return key
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

/**
 * The S3 front door's browser-based POST Object uploads (a presigned POST form): the form verified
 * as S3 does (`s3-post-object.ts`: signature over the policy with the signer's key, expiry on the
 * front door's clock, every condition, no uncovered field), the session token the signer's, then
 * IAM for the signer's role (`s3:PutObject` on the key, recorded like any call), then the file
 * stored in s3rver with the form's Content-Type as a re-signed PUT; 204 (or the form's
 * `success_action_status`) as S3 answers.
 *
 * @example
 * ```ts
 * const uploads = new PostObjectUploads({ authority, forwarder, callers, partition: 'aws', now, s3Url: () => urls.s3 });
 * const answer = await uploads.answer(request, receivedBytes, abandoned);
 * ```
 */
export class PostObjectUploads {
  constructor(
    private readonly deps: {
      readonly authority: Authority;
      readonly forwarder: Forwarder;
      readonly callers: ReadonlyMap<string, Caller>;
      readonly partition: string;
      readonly now: () => Date;
      /** The S3 front door's own URL, for the answer's `Location`. */
      readonly s3Url: () => string;
    },
  ) {}

  async answer(
    request: ReceivedRequest,
    receivedBytes: number,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    const { authority, callers } = this.deps;
    const refused = (refusal: Refusal): Answer =>
      refusalAnswer('s3', authority.refuse('s3', refusal));
    if (receivedBytes > MAX_BODY_BYTES)
      return refused({
        status: 400,
        code: 'EntityTooLarge',
        message: `Your proposed upload exceeds the maximum allowed size (this front door reads ${MAX_BODY_BYTES} bytes at most)`,
      });
    const bucket = decodeURIComponent(request.path.replace(/^\//, '').replace(/\/$/, ''));
    const form = await readPostObjectForm(
      bucket,
      request.headers['content-type'] ?? '',
      request.body,
    );
    if (form === undefined)
      return refused({
        status: 400,
        code: 'MalformedPOSTRequest',
        message: 'The body of your POST request is not well-formed multipart/form-data.',
      });
    const verdict = verifyPostObject(form, (id) => callers.get(id), this.deps.now());
    if ('code' in verdict) return refused(verdict);
    const caller = callers.get(verdict.accessKeyId) as Caller;
    if (verdict.sessionToken !== caller.sessionToken)
      return refused({
        status: 403,
        code: 'InvalidToken',
        message: 'The provided token is malformed or otherwise invalid.',
      });
    const objectArn = `arn:${this.deps.partition}:s3:::${bucket}/${verdict.key}`;
    const call: ServiceCall = {
      operation: 'PostObject',
      authorizations: [{ action: 's3:PutObject', resource: objectArn }],
    };
    const denied = await authority.evaluateCall('s3', caller, call, true);
    if (denied) return refusalAnswer('s3', denied);
    return this.store(bucket, verdict, caller, call, abandoned);
  }

  private async store(
    bucket: string,
    upload: AcceptedPostObject,
    caller: Caller,
    call: ServiceCall,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    const path = `/${encodeURIComponent(bucket)}/${encodeKey(upload.key)}`;
    const stored = await this.deps.forwarder.forward(
      's3',
      {
        method: 'PUT',
        path,
        rawQuery: '',
        headers: { 'content-type': upload.contentType },
        body: upload.bytes,
      },
      caller,
      call,
      abandoned,
    );
    if (stored.status !== 200) return stored;
    const headers: Record<string, string> = {
      'x-amz-request-id': requestId(),
      location: `${this.deps.s3Url()}${path}`,
      ...(stored.headers['etag'] === undefined ? {} : { etag: stored.headers['etag'] }),
    };
    if (upload.successStatus !== 201)
      return { status: upload.successStatus, headers, body: Buffer.alloc(0) };
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escapeXml(headers['location'] ?? '')}</Location>` +
      `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(upload.key)}</Key>` +
      `<ETag>${escapeXml(headers['etag'] ?? '')}</ETag></PostResponse>`;
    return {
      status: 201,
      headers: { ...headers, 'content-type': 'application/xml' },
      body: Buffer.from(xml),
    };
  }
}
