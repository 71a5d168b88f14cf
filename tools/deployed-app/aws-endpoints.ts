import http, { type IncomingHttpHeaders } from 'node:http';
import http2, { type ClientHttp2Session } from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError, LocalServiceStartError } from './errors';
import type { IamEvaluator } from './iam-evaluator';
import { NodeSha256 } from './node-sha256';
import { S3RVER_CREDENTIALS } from './s3-server';
import { readPostObjectForm, verifyPostObject, type AcceptedPostObject } from './s3-post-object';
import {
  serviceCallOf,
  type Authorization,
  type FrontDoorService,
  type ServiceCall,
} from './service-actions';
import {
  AUTH_QUERY_PARAMETERS,
  SignatureRejectedError,
  verifySigV4,
  type ReceivedRequest,
} from './sigv4-verifier';
import type { SynthesizedApp } from './synthesized-app';

/**
 * The credentials one function runs with, and whose role its calls are evaluated against.
 *
 * @example
 * ```ts
 * const caller: Caller = { functionLogicalId: 'FunctionsApi', roleLogicalId: 'FunctionsApiRole', secretAccessKey: 's', sessionToken: 't' };
 * ```
 */
export interface Caller {
  readonly functionLogicalId: string;
  readonly roleLogicalId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
}

/**
 * A local service answering one AWS JSON-protocol operation (SQS, Step Functions). An error with
 * a `name` is answered as that AWS error.
 *
 * @example
 * ```ts
 * const sqs: AwsJsonHandler = (operation, input) => queues.handle(operation, input);
 * ```
 */
export type AwsJsonHandler = (
  operation: string,
  input: unknown,
  caller: Caller,
) => Promise<unknown>;

/**
 * One authorization the front doors evaluated.
 *
 * @example
 * ```ts
 * endpoints.calls.filter((call) => call.decision !== 'Allowed');
 * ```
 */
export interface RecordedCall {
  readonly functionLogicalId: string;
  readonly service: FrontDoorService;
  readonly operation: string;
  readonly action: string;
  readonly resource: string;
  readonly decision: 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied';
  readonly reason?: string;
  /** Whether the request came as a presigned URL (a browser or a test following a link). */
  readonly presigned: boolean;
}

/**
 * Options of {@link startAwsEndpoints}.
 *
 * @example
 * ```ts
 * const options: AwsEndpointsOptions = { app, iam, callers, upstream, local: { sqs, sfn } };
 * ```
 */
export interface AwsEndpointsOptions {
  readonly app: SynthesizedApp;
  readonly iam: IamEvaluator;
  /** Access key id → the function it belongs to. */
  readonly callers: ReadonlyMap<string, Caller>;
  /** Where allowed calls go: DynamoDB Local, the S3 server, the fake Polly and Bedrock. */
  readonly upstream: {
    readonly dynamodb: string;
    readonly s3: string;
    readonly polly: string;
    readonly bedrock: string;
  };
  /** The local SQS and Step Functions. */
  readonly local: { readonly sqs: AwsJsonHandler; readonly sfn: AwsJsonHandler };
  /** The clock signatures are checked against (default the system clock). */
  readonly now?: () => Date;
}

/**
 * The running front doors.
 *
 * @example
 * ```ts
 * const endpoints = await startAwsEndpoints(options);
 * process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoints.urls.dynamodb;
 * expect(endpoints.denials()).toEqual([]);
 * await endpoints.stop();
 * ```
 */
export interface AwsEndpoints {
  /** One URL per service, for `AWS_ENDPOINT_URL_<SERVICE>`. */
  readonly urls: Readonly<Record<FrontDoorService, string>>;
  /** Every authorization evaluated, in order. */
  readonly calls: readonly RecordedCall[];
  /** The calls IAM refused. */
  denials(): RecordedCall[];
  /**
   * Requests refused before IAM: bad, expired or unknown signatures, and browser POST uploads
   * whose form S3 would refuse (policy expired or not met, too big, extra fields).
   */
  readonly signatureRefusals: readonly {
    service: FrontDoorService;
    code: string;
    message: string;
  }[];
  stop(): Promise<void>;
}

/** The SigV4 signing name each service's requests must carry in their credential scope. */
const SIGNING_NAMES: Readonly<Record<FrontDoorService, string>> = {
  dynamodb: 'dynamodb',
  s3: 's3',
  polly: 'polly',
  'bedrock-runtime': 'bedrock',
  sqs: 'sqs',
  sfn: 'states',
};

/** The services whose SDK clients speak HTTP/2 by default (NodeHttp2Handler). */
const HTTP2_SERVICES: ReadonlySet<FrontDoorService> = new Set(['polly', 'bedrock-runtime']);

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Headers that belong to one hop and are never forwarded. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'content-length',
  'http2-settings',
]);

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

function requestId(): string {
  return randomUUID().replace(/-/g, '');
}

/** A refusal in the service's own wire shape: S3's XML, the others' JSON with `__type`. */
function refusalAnswer(service: FrontDoorService, refusal: Refusal): Answer {
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

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What AWS answers for each signature refusal, per service family. */
function signatureRefusal(service: FrontDoorService, error: SignatureRejectedError): Refusal {
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

function denialRefusal(
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

function forwardableHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(':') && !HOP_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

function flatHeaders(
  headers: IncomingHttpHeaders | http2.IncomingHttpHeaders,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}

/** Sends a request over HTTP/1.1 and buffers the answer. */
function http1Request(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      target,
      { method, headers: { ...headers, 'content-length': String(body.length) } },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (part: Buffer) => parts.push(part));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 502,
            headers: forwardableHeaders(flatHeaders(incoming.headers)),
            body: Buffer.concat(parts),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A cleartext HTTP/2 session to one upstream, reopened when it closes. */
class Http2Upstream {
  private session: ClientHttp2Session | undefined;

  constructor(private readonly origin: string) {}

  private current(): ClientHttp2Session {
    if (this.session === undefined || this.session.closed || this.session.destroyed) {
      const session = http2.connect(this.origin);
      session.on('error', () => session.destroy());
      session.on('close', () => {
        if (this.session === session) this.session = undefined;
      });
      this.session = session;
    }
    return this.session;
  }

  /** Sends a request; `abandoned` fires when the caller gave up (its own timeout). */
  request(
    method: string,
    pathAndQuery: string,
    headers: Record<string, string>,
    body: Buffer,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = this.current().request({
        ':method': method,
        ':path': pathAndQuery,
        ...headers,
        'content-length': String(body.length),
      });
      const onAbandoned = () => stream.close(http2.constants.NGHTTP2_CANCEL);
      abandoned.addEventListener('abort', onAbandoned, { once: true });
      let status = 502;
      let answerHeaders: Record<string, string> = {};
      const parts: Buffer[] = [];
      stream.on('response', (incoming) => {
        status = Number(incoming[':status'] ?? 502);
        answerHeaders = forwardableHeaders(flatHeaders(incoming));
      });
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        abandoned.removeEventListener('abort', onAbandoned);
        resolve({ status, headers: answerHeaders, body: Buffer.concat(parts) });
      });
      stream.on('error', (error) => {
        abandoned.removeEventListener('abort', onAbandoned);
        reject(error);
      });
      stream.end(body);
    });
  }

  close(): void {
    this.session?.destroy();
    this.session = undefined;
  }
}

/** The query string without SigV4's parameters, encoded as it came. */
function queryWithoutAuth(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(
      (part) => part !== '' && !AUTH_QUERY_PARAMETERS.has(part.split('=')[0]?.toLowerCase() ?? ''),
    )
    .join('&');
}

/** Headers of an S3 request that mean something to the object store (not to the signature). */
const S3_FORWARDED_HEADERS =
  /^(content-type|content-md5|content-encoding|content-disposition|content-language|cache-control|expires|range|if-match|if-none-match|if-modified-since|if-unmodified-since|x-amz-meta-.+|x-amz-copy-source.*|x-amz-server-side-encryption.*|x-amz-storage-class|x-amz-tagging|x-amz-checksum-.+|x-amz-sdk-checksum-algorithm|x-amz-decoded-content-length)$/;

/**
 * Whether an S3 request is a browser-based POST Object upload: a `multipart/form-data` POST to a
 * bucket (path style, no key) that carries no SigV4 header or query (the form signs itself).
 */
function isPostObject(request: ReceivedRequest): boolean {
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

const s3rverSigner = new SignatureV4({
  service: 's3',
  region: 'us-east-1',
  sha256: NodeSha256,
  uriEscapePath: false,
  credentials: S3RVER_CREDENTIALS,
});

/**
 * Starts the IAM-enforcing front doors: one local endpoint per service the functions call. Each
 * request's SigV4 signature (header or presigned query, with `X-Amz-Expires`) is checked against
 * the caller's secret and session token; the caller is found by its access key id; the call's
 * action and resource are read from the request and evaluated against the caller's role (and the
 * bucket policy) from the template; a denied call is answered with the service's own AccessDenied
 * error; an allowed one goes on to DynamoDB Local, the S3 server (re-signed with its key), the fake
 * Polly and Bedrock (HTTP/2, as their SDK clients speak), or the local SQS and Step Functions.
 *
 * @throws LocalServiceStartError when a port cannot be opened.
 * @example
 * ```ts
 * const endpoints = await startAwsEndpoints({ app, iam, callers, upstream, local: { sqs, sfn } });
 * // run functions with AWS_ENDPOINT_URL_S3=endpoints.urls.s3, ...
 * console.log(endpoints.denials()); // [] when every call is granted
 * await endpoints.stop();
 * ```
 */
export async function startAwsEndpoints(options: AwsEndpointsOptions): Promise<AwsEndpoints> {
  const now = options.now ?? (() => new Date());
  const calls: RecordedCall[] = [];
  const signatureRefusals: { service: FrontDoorService; code: string; message: string }[] = [];
  const polly = new Http2Upstream(options.upstream.polly);
  const bedrock = new Http2Upstream(options.upstream.bedrock);

  const authorize = async (
    service: FrontDoorService,
    request: ReceivedRequest,
  ): Promise<{ caller: Caller; call: ServiceCall } | Refusal> => {
    let callerKey: string;
    try {
      const signature = await verifySigV4(
        request,
        (accessKeyId) => options.callers.get(accessKeyId),
        now(),
      );
      if (signature.service !== SIGNING_NAMES[service])
        throw new SignatureRejectedError(
          'Mismatch',
          `Credential should be scoped to correct service: '${SIGNING_NAMES[service]}'`,
        );
      callerKey = signature.accessKeyId;
    } catch (error) {
      if (!(error instanceof SignatureRejectedError)) throw error;
      const refusal = signatureRefusal(service, error);
      signatureRefusals.push({ service, code: refusal.code, message: refusal.message });
      return refusal;
    }
    const caller = options.callers.get(callerKey) as Caller;
    const token =
      request.headers['x-amz-security-token'] ??
      new URLSearchParams(request.rawQuery).get('X-Amz-Security-Token') ??
      undefined;
    if (token !== caller.sessionToken) {
      const refusal: Refusal = {
        status: 403,
        code: service === 's3' ? 'InvalidToken' : 'UnrecognizedClientException',
        message: 'The security token included in the request is invalid',
      };
      signatureRefusals.push({ service, code: refusal.code, message: refusal.message });
      return refusal;
    }
    const call = serviceCallOf(options.app, service, request);
    const presigned = request.headers['authorization'] === undefined;
    const denied = await evaluateCall(service, caller, call, presigned);
    return denied ?? { caller, call };
  };

  /** The assumed-role session ARN a caller's calls are made as. */
  const principalOf = (caller: Caller): string => {
    const role = options.app.roles[caller.roleLogicalId];
    const fn = options.app.functions.find((f) => f.logicalId === caller.functionLogicalId);
    return `arn:${options.app.account.partition}:sts::${options.app.account.accountId}:assumed-role/${role?.roleName ?? caller.roleLogicalId}/${fn?.functionName ?? caller.functionLogicalId}`;
  };

  /** Evaluates and records every authorization of a call; the refusal of the first denied one. */
  const evaluateCall = async (
    service: FrontDoorService,
    caller: Caller,
    call: ServiceCall,
    presigned: boolean,
  ): Promise<Refusal | undefined> => {
    for (const authorization of call.authorizations) {
      const { decision, reason } = await options.iam.evaluate({
        roleLogicalId: caller.roleLogicalId,
        action: authorization.action,
        resource: authorization.resource,
        ...(authorization.context ? { context: authorization.context } : {}),
      });
      calls.push({
        functionLogicalId: caller.functionLogicalId,
        service,
        operation: call.operation,
        action: authorization.action,
        resource: authorization.resource,
        decision,
        ...(reason === undefined ? {} : { reason }),
        presigned,
      });
      if (decision !== 'Allowed')
        return denialRefusal(
          service,
          principalOf(caller),
          authorization,
          decision === 'ExplicitlyDenied',
        );
    }
    return undefined;
  };

  /**
   * A browser-based POST Object upload (a presigned POST form): the form verified as S3 does
   * (`s3-post-object.ts`: signature over the policy with the signer's key, expiry on the front
   * door's clock, every condition, no uncovered field), the session token the signer's, then
   * IAM for the signer's role (`s3:PutObject` on the key, recorded like any call), then the file
   * stored in s3rver with the form's Content-Type as a re-signed PUT; 204 (or the form's
   * `success_action_status`) as S3 answers.
   */
  const answerPostObject = async (
    request: ReceivedRequest,
    receivedBytes: number,
    abandoned: AbortSignal,
  ): Promise<Answer> => {
    const refused = (refusal: Refusal): Answer => {
      signatureRefusals.push({ service: 's3', code: refusal.code, message: refusal.message });
      return refusalAnswer('s3', refusal);
    };
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
    const verdict = verifyPostObject(form, (id) => options.callers.get(id), now());
    if ('code' in verdict) return refused(verdict);
    const caller = options.callers.get(verdict.accessKeyId) as Caller;
    if (verdict.sessionToken !== caller.sessionToken)
      return refused({
        status: 403,
        code: 'InvalidToken',
        message: 'The provided token is malformed or otherwise invalid.',
      });
    const objectArn = `arn:${options.app.account.partition}:s3:::${bucket}/${verdict.key}`;
    const call: ServiceCall = {
      operation: 'PostObject',
      authorizations: [{ action: 's3:PutObject', resource: objectArn }],
    };
    const denied = await evaluateCall('s3', caller, call, true);
    if (denied) return refusalAnswer('s3', denied);
    return storePostObject(bucket, verdict, caller, call, abandoned);
  };

  const storePostObject = async (
    bucket: string,
    upload: AcceptedPostObject,
    caller: Caller,
    call: ServiceCall,
    abandoned: AbortSignal,
  ): Promise<Answer> => {
    const path = `/${encodeURIComponent(bucket)}/${encodeKey(upload.key)}`;
    const stored = await forward(
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
    const id = requestId();
    const headers: Record<string, string> = {
      'x-amz-request-id': id,
      location: `${urls.s3}${path}`,
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
  };

  const forward = async (
    service: FrontDoorService,
    request: ReceivedRequest,
    caller: Caller,
    call: ServiceCall,
    abandoned: AbortSignal,
  ): Promise<Answer> => {
    const pathAndQuery =
      request.rawQuery === '' ? request.path : `${request.path}?${request.rawQuery}`;
    switch (service) {
      case 'dynamodb':
        return http1Request(
          new URL(pathAndQuery, options.upstream.dynamodb),
          request.method,
          forwardableHeaders(request.headers),
          request.body,
        );
      case 's3': {
        const target = new URL(options.upstream.s3);
        const query = queryWithoutAuth(request.rawQuery);
        const headers: Record<string, string> = { host: target.host };
        for (const [name, value] of Object.entries(request.headers))
          if (S3_FORWARDED_HEADERS.test(name)) headers[name] = value;
        headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
        const signed = await s3rverSigner.sign({
          method: request.method,
          protocol: target.protocol,
          hostname: target.hostname,
          port: Number(target.port),
          path: request.path,
          query: Object.fromEntries(new URLSearchParams(query)),
          headers,
          body: request.body,
        });
        return http1Request(
          new URL(query === '' ? request.path : `${request.path}?${query}`, target),
          request.method,
          forwardableHeaders(signed.headers as Record<string, string>),
          request.body,
        );
      }
      case 'polly':
      case 'bedrock-runtime':
        return (service === 'polly' ? polly : bedrock).request(
          request.method,
          pathAndQuery,
          forwardableHeaders(request.headers),
          request.body,
          abandoned,
        );
      case 'sqs':
      case 'sfn': {
        const handler = service === 'sqs' ? options.local.sqs : options.local.sfn;
        try {
          const output = await handler(
            call.operation,
            JSON.parse(request.body.toString('utf8') || '{}'),
            caller,
          );
          return {
            status: 200,
            headers: {
              'content-type': 'application/x-amz-json-1.0',
              'x-amzn-requestid': requestId(),
            },
            body: Buffer.from(JSON.stringify(output ?? {})),
          };
        } catch (error) {
          if (!(error instanceof AwsServiceError)) throw error;
          return refusalAnswer(service, { status: 400, code: error.name, message: error.message });
        }
      }
    }
  };

  /**
   * S3 answers a missing key with 404 only to a caller allowed `s3:ListBucket` on the bucket;
   * to anyone else it is 403 AccessDenied, so that keys cannot be probed.
   */
  const hideMissingKeys = async (
    request: ReceivedRequest,
    caller: Caller,
    call: ServiceCall,
    answer: Answer,
  ): Promise<Answer> => {
    if (
      answer.status !== 404 ||
      (call.operation !== 'GetObject' && call.operation !== 'HeadObject')
    )
      return answer;
    const bucket = request.path.replace(/^\//, '').split('/')[0] ?? '';
    const resource = `arn:${options.app.account.partition}:s3:::${decodeURIComponent(bucket)}`;
    const { decision } = await options.iam.evaluate({
      roleLogicalId: caller.roleLogicalId,
      action: 's3:ListBucket',
      resource,
    });
    if (decision === 'Allowed') return answer;
    return refusalAnswer('s3', { status: 403, code: 'AccessDenied', message: 'Access Denied' });
  };

  const answerOne = async (
    service: FrontDoorService,
    request: ReceivedRequest,
    abandoned: AbortSignal,
    receivedBytes: number = request.body.length,
  ): Promise<Answer> => {
    try {
      if (service === 's3' && isPostObject(request))
        return await answerPostObject(request, receivedBytes, abandoned);
      const authorized = await authorize(service, request);
      if ('status' in authorized) return refusalAnswer(service, authorized);
      const answer = await forward(service, request, authorized.caller, authorized.call, abandoned);
      return service === 's3'
        ? await hideMissingKeys(request, authorized.caller, authorized.call, answer)
        : answer;
    } catch (error) {
      if (error instanceof AwsServiceError)
        return refusalAnswer(service, { status: 400, code: error.name, message: error.message });
      if (abandoned.aborted) return { status: 499, headers: {}, body: Buffer.alloc(0) };
      console.error(`aws-endpoints: ${service} failed`, error);
      return refusalAnswer(service, {
        status: 500,
        code: 'InternalFailure',
        message: `The local ${service} front door failed: ${(error as Error).message}`,
      });
    }
  };

  const received = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Buffer,
  ): ReceivedRequest => {
    const question = url.indexOf('?');
    return {
      method,
      path: question === -1 ? url : url.slice(0, question),
      rawQuery: question === -1 ? '' : url.slice(question + 1),
      headers: { ...headers, host: headers['host'] ?? headers[':authority'] ?? '' },
      body,
    };
  };

  const servers: { service: FrontDoorService; server: Server }[] = [];
  const sessions = new Set<http2.ServerHttp2Session>();
  const open = async (service: FrontDoorService): Promise<string> => {
    const abandonOn = (
      closed: { once(event: 'close', listener: () => void): void },
      finished: () => boolean,
    ) => {
      const controller = new AbortController();
      closed.once('close', () => {
        if (!finished()) controller.abort();
      });
      return controller.signal;
    };
    let server: Server;
    if (HTTP2_SERVICES.has(service)) {
      const h2 = http2.createServer();
      h2.on('stream', (stream, headers) => {
        const parts: Buffer[] = [];
        let size = 0;
        let done = false;
        const signal = abandonOn(stream, () => done);
        stream.on('data', (part: Buffer) => {
          size += part.length;
          if (size <= MAX_BODY_BYTES) parts.push(part);
        });
        stream.on('error', () => undefined);
        stream.on('end', () => {
          const flat = flatHeaders(headers);
          void answerOne(
            service,
            received(flat[':method'] ?? 'GET', flat[':path'] ?? '/', flat, Buffer.concat(parts)),
            signal,
          ).then((answer) => {
            done = true;
            if (stream.destroyed || stream.closed) return;
            stream.respond({
              ':status': answer.status,
              ...answer.headers,
              'content-length': answer.body.length,
            });
            stream.end(answer.body);
          });
        });
      });
      h2.on('session', (session) => {
        sessions.add(session);
        session.on('error', () => session.destroy());
        session.on('close', () => sessions.delete(session));
      });
      server = h2;
    } else {
      server = http.createServer((incoming, outgoing) => {
        const parts: Buffer[] = [];
        let size = 0;
        let done = false;
        const signal = abandonOn(outgoing, () => done);
        incoming.on('data', (part: Buffer) => {
          size += part.length;
          if (size <= MAX_BODY_BYTES) parts.push(part);
        });
        incoming.on('end', () => {
          void answerOne(
            service,
            received(
              incoming.method ?? 'GET',
              incoming.url ?? '/',
              flatHeaders(incoming.headers),
              Buffer.concat(parts),
            ),
            signal,
            size,
          ).then((answer) => {
            done = true;
            if (outgoing.destroyed) return;
            outgoing.writeHead(answer.status, {
              ...answer.headers,
              'content-length': answer.body.length,
            });
            outgoing.end(answer.body);
          });
        });
      });
      (server as http.Server).keepAliveTimeout = 60_000;
    }
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
    } catch (cause) {
      throw new LocalServiceStartError(`The ${service} front door did not start`, { cause });
    }
    servers.push({ service, server });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const urls = {} as Record<FrontDoorService, string>;
  const stop = async () => {
    polly.close();
    bedrock.close();
    for (const session of sessions) session.destroy();
    await Promise.all(
      servers.map(
        ({ server }) =>
          new Promise<void>((resolve) => {
            if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  };
  try {
    for (const service of Object.keys(SIGNING_NAMES) as FrontDoorService[])
      urls[service] = await open(service);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls,
    calls,
    denials: () => calls.filter((call) => call.decision !== 'Allowed'),
    signatureRefusals,
    stop,
  };
}
