import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SigningKeys } from '../front-door/sigv4-verifier';

/**
 * A browser-based upload as S3's POST Object receives it: the bucket of the path-style URL, the
 * form's text fields up to the file (S3 ignores fields after it), and the file.
 *
 * @example
 * ```ts
 * const upload: PostObjectForm = { bucket: 'audio', fields: new Map([['key', 'sources/a/b']]), file: { bytes, filename: 'a.pdf' } };
 * ```
 */
export interface PostObjectForm {
  readonly bucket: string;
  /** Field name (lower-cased, as S3 compares them) → value, in the order sent. */
  readonly fields: ReadonlyMap<string, string>;
  readonly file?: { readonly bytes: Buffer; readonly filename: string };
  /** A field sent twice before the file (S3 refuses the form). */
  readonly repeated?: string;
}

/**
 * What a verified POST Object stores: who signed it, the object's key (with `${filename}`
 * substituted) and Content-Type, and the answer the form asked for (`success_action_status`).
 *
 * @example
 * ```ts
 * const { accessKeyId, key, contentType } = accepted;
 * ```
 */
export interface AcceptedPostObject {
  readonly accessKeyId: string;
  readonly sessionToken: string | undefined;
  readonly key: string;
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly successStatus: 200 | 201 | 204;
}

/**
 * A POST Object S3 would refuse before IAM: the status and S3 error code it answers.
 *
 * @example
 * ```ts
 * const refused: PostObjectRefusal = { status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' };
 * ```
 */
export interface PostObjectRefusal {
  readonly status: 400 | 403;
  readonly code: string;
  readonly message: string;
}

/** Fields S3 never asks a policy to cover. */
const UNCOVERED_FIELDS = new Set(['file', 'policy', 'x-amz-signature']);

type Condition =
  | { kind: 'match'; field: string; op: 'eq' | 'starts-with'; value: string; text: string }
  | { kind: 'length'; min: number; max: number };

function refuse(status: 400 | 403, code: string, message: string): PostObjectRefusal {
  return { status, code, message };
}

function policyFailure(detail: string): PostObjectRefusal {
  return refuse(403, 'AccessDenied', `Invalid according to Policy: ${detail}`);
}

/** SigV4's signing key for a date (`yyyymmdd`), region and service. */
function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const step = (key: string | Buffer, data: string) =>
    createHmac('sha256', key).update(data, 'utf8').digest();
  return step(step(step(step(`AWS4${secret}`, date), region), service), 'aws4_request');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The policy's conditions, or a refusal for one S3 could not read. */
function parseConditions(raw: unknown): Condition[] | PostObjectRefusal {
  if (!Array.isArray(raw)) return refuse(400, 'InvalidPolicyDocument', 'Policy has no conditions');
  const conditions: Condition[] = [];
  for (const entry of raw as unknown[]) {
    if (Array.isArray(entry)) {
      const [op, first, second] = entry as unknown[];
      if (op === 'content-length-range' && Number.isFinite(first) && Number.isFinite(second)) {
        conditions.push({ kind: 'length', min: Number(first), max: Number(second) });
        continue;
      }
      if (
        (op === 'eq' || op === 'starts-with') &&
        typeof first === 'string' &&
        first.startsWith('$') &&
        typeof second === 'string'
      ) {
        conditions.push({
          kind: 'match',
          field: first.slice(1).toLowerCase(),
          op,
          value: second,
          text: JSON.stringify(entry),
        });
        continue;
      }
    } else if (entry !== null && typeof entry === 'object') {
      const pairs = Object.entries(entry as Record<string, unknown>);
      const [pair] = pairs;
      if (pairs.length === 1 && pair !== undefined && typeof pair[1] === 'string') {
        conditions.push({
          kind: 'match',
          field: pair[0].toLowerCase(),
          op: 'eq',
          value: pair[1],
          text: JSON.stringify(['eq', `$${pair[0]}`, pair[1]]),
        });
        continue;
      }
    }
    return refuse(
      400,
      'InvalidPolicyDocument',
      `Invalid Policy: Invalid Condition: ${JSON.stringify(entry)}`,
    );
  }
  return conditions;
}

/**
 * Checks a POST Object form as S3 does for a SigV4 POST policy: the form must carry `Policy`
 * (base64 JSON), `X-Amz-Algorithm` `AWS4-HMAC-SHA256`, `X-Amz-Credential` of a known access key
 * scoped to `s3`, `X-Amz-Date` on the credential's day, and `X-Amz-Signature` = lower-case hex
 * HMAC-SHA256 of the `Policy` string with the key's SigV4 signing key; the policy's `expiration`
 * must not have passed at `now`; every condition must hold (`eq`, `starts-with`, exact
 * `{ field: value }`, `bucket` against the URL's bucket, `content-length-range` against the
 * file's size); and every field but `file`, `Policy`, `X-Amz-Signature` and `x-ignore-*` must be
 * named by a condition. IAM (the signer's `s3:PutObject` on the key) is the caller's check.
 *
 * @returns the upload to store, or the refusal S3 answers (403 `AccessDenied` "Invalid according
 *   to Policy: …", 403 `SignatureDoesNotMatch`/`InvalidAccessKeyId`, 400 `EntityTooLarge`/
 *   `EntityTooSmall`, 400 `InvalidArgument`/`InvalidPolicyDocument`).
 * @example
 * ```ts
 * const verdict = verifyPostObject(form, (id) => callers.get(id), new Date());
 * if ('code' in verdict) answer(verdict.status, verdict.code);
 * ```
 */
export function verifyPostObject(
  form: PostObjectForm,
  keys: SigningKeys,
  now: Date,
): AcceptedPostObject | PostObjectRefusal {
  if (form.repeated !== undefined)
    return refuse(400, 'InvalidArgument', `The field ${form.repeated} is given more than once.`);
  const field = (name: string) => form.fields.get(name);
  const policy = field('policy');
  const signature = field('x-amz-signature');
  if (policy === undefined || signature === undefined)
    return refuse(403, 'AccessDenied', 'Access Denied');
  if (field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return refuse(400, 'InvalidArgument', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const [accessKeyId, date, region, service, terminator] = (field('x-amz-credential') ?? '').split(
    '/',
  );
  if (!accessKeyId || !date || !/^\d{8}$/.test(date) || !region || terminator !== 'aws4_request')
    return refuse(400, 'InvalidArgument', 'X-Amz-Credential is malformed');
  if (service !== 's3')
    return refuse(400, 'InvalidArgument', "Credential should be scoped to correct service: 's3'");
  if (!/^\d{8}T\d{6}Z$/.test(field('x-amz-date') ?? '') || !field('x-amz-date')?.startsWith(date))
    return refuse(400, 'InvalidArgument', 'X-Amz-Date must be on the day of X-Amz-Credential');
  const secret = keys(accessKeyId);
  if (secret === undefined)
    return refuse(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  const expected = createHmac('sha256', signingKey(secret.secretAccessKey, date, region, 's3'))
    .update(policy, 'utf8')
    .digest('hex');
  if (!sameHex(expected, signature))
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration =
    typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (Number.isNaN(expiration))
    return refuse(400, 'InvalidPolicyDocument', "Invalid Policy: Invalid 'expiration' value.");
  if (now.getTime() > expiration) return policyFailure('Policy expired.');
  const conditions = parseConditions(document.conditions);
  if (!Array.isArray(conditions)) return conditions;

  const file = form.file;
  if (file === undefined)
    return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const rawKey = field('key');
  if (rawKey === undefined)
    return refuse(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
  if (field('bucket') !== undefined && field('bucket') !== form.bucket)
    return policyFailure(`Policy Condition failed: ["eq", "$bucket", "${form.bucket}"]`);
  const valueOf = (name: string) => (name === 'bucket' ? form.bucket : (field(name) ?? ''));

  const covered = new Set<string>(['bucket']);
  for (const condition of conditions) {
    if (condition.kind !== 'match') continue;
    covered.add(condition.field);
    const actual = valueOf(condition.field);
    const holds =
      condition.op === 'eq' ? actual === condition.value : actual.startsWith(condition.value);
    if (!holds) return policyFailure(`Policy Condition failed: ${condition.text}`);
  }
  const extra = [...form.fields.keys()].filter(
    (name) => !UNCOVERED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (extra.length > 0) return policyFailure(`Extra input fields: ${extra.join(', ')}`);
  for (const condition of conditions) {
    if (condition.kind !== 'length') continue;
    if (file.bytes.length > condition.max)
      return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    if (file.bytes.length < condition.min)
      return refuse(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed size',
      );
  }
  const status = field('success_action_status');
  return {
    accessKeyId,
    sessionToken: field('x-amz-security-token'),
    key: rawKey.split('${filename}').join(file.filename),
    contentType: field('content-type') ?? 'binary/octet-stream',
    bytes: file.bytes,
    successStatus: status === '200' ? 200 : status === '201' ? 201 : 204,
  };
}

/**
 * Reads a `multipart/form-data` POST Object body into a {@link PostObjectForm}: text fields
 * lower-cased up to the first file part (`file`); fields after the file are ignored, as S3 does.
 * `undefined` when the body is not a readable form.
 *
 * @example
 * ```ts
 * const form = await readPostObjectForm('audio', request.headers['content-type'], request.body);
 * ```
 */
export async function readPostObjectForm(
  bucket: string,
  contentType: string,
  body: Buffer,
): Promise<PostObjectForm | undefined> {
  let parsed: FormData;
  try {
    parsed = await new Request('http://front-door.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return undefined;
  }
  const fields = new Map<string, string>();
  let repeated: string | undefined;
  let file: PostObjectForm['file'];
  for (const [name, value] of parsed.entries()) {
    const lower = name.toLowerCase();
    if (lower === 'file') {
      if (typeof value === 'string') {
        file = { bytes: Buffer.from(value, 'utf8'), filename: '' };
      } else {
        file = { bytes: Buffer.from(await value.arrayBuffer()), filename: value.name };
      }
      break;
    }
    if (fields.has(lower)) repeated ??= name;
    else if (typeof value === 'string') fields.set(lower, value);
  }
  return {
    bucket,
    fields,
    ...(file === undefined ? {} : { file }),
    ...(repeated === undefined ? {} : { repeated }),
  };
}
