import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError } from '../errors';
import { S3RVER_CREDENTIALS } from '../s3/s3-server';
import type { AwsJsonHandler, Caller, Upstreams } from './front-door-types';
import { NodeSha256 } from './node-sha256';
import type { RealServices } from './real-services';
import { RealServiceForwarder } from './real-upstream';
import { refusalAnswer, requestId, type Answer } from './refusals';
import type { FrontDoorService, ServiceCall } from './service-call';
import { AUTH_QUERY_PARAMETERS, type ReceivedRequest } from './sigv4-verifier';
import { forwardableHeaders, http1Request, Http2Upstream } from './upstream';

/** Headers of an S3 request that mean something to the object store (not to the signature). */
const S3_FORWARDED_HEADERS =
  /^(content-type|content-md5|content-encoding|content-disposition|content-language|cache-control|expires|range|if-match|if-none-match|if-modified-since|if-unmodified-since|x-amz-meta-.+|x-amz-copy-source.*|x-amz-server-side-encryption.*|x-amz-storage-class|x-amz-tagging|x-amz-checksum-.+|x-amz-sdk-checksum-algorithm|x-amz-decoded-content-length)$/;

const s3rverSigner = new SignatureV4({
  service: 's3',
  region: 'us-east-1',
  sha256: NodeSha256,
  uriEscapePath: false,
  credentials: S3RVER_CREDENTIALS,
});

/** The query string without SigV4's parameters, encoded as it came. */
function queryWithoutAuth(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(
      (part) => part !== '' && !AUTH_QUERY_PARAMETERS.has(part.split('=')[0]?.toLowerCase() ?? ''),
    )
    .join('&');
}

/**
 * Where an authorized call goes, per service: DynamoDB Local as it came, the S3 server re-signed
 * with its own key, the fake Polly and Bedrock over HTTP/2 (as their SDK clients speak) or, those
 * `real` names, the real services re-signed with its credentials (`./real-upstream.ts`), and the
 * local SQS and Step Functions as one JSON operation (an {@link AwsServiceError} answered as that
 * AWS error).
 *
 * @example
 * ```ts
 * const forwarder = new Forwarder(upstream, { sqs, sfn });
 * const answer = await forwarder.forward('dynamodb', request, caller, call, abandoned);
 * forwarder.close();
 * ```
 */
export class Forwarder {
  private readonly polly: Http2Upstream;
  private readonly bedrock: Http2Upstream;
  private readonly real: RealServiceForwarder;

  constructor(
    private readonly upstream: Upstreams,
    private readonly local: { readonly sqs: AwsJsonHandler; readonly sfn: AwsJsonHandler },
    real: RealServices = {},
  ) {
    this.polly = new Http2Upstream(upstream.polly);
    this.bedrock = new Http2Upstream(upstream.bedrock);
    this.real = new RealServiceForwarder(real);
  }

  async forward(
    service: FrontDoorService,
    request: ReceivedRequest,
    caller: Caller,
    call: ServiceCall,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    const pathAndQuery =
      request.rawQuery === '' ? request.path : `${request.path}?${request.rawQuery}`;
    switch (service) {
      case 'dynamodb':
        return http1Request(
          new URL(pathAndQuery, this.upstream.dynamodb),
          request.method,
          forwardableHeaders(request.headers),
          request.body,
        );
      case 's3':
        return this.forwardToS3(request);
      case 'polly':
      case 'bedrock-runtime':
        if (this.real.serves(service)) return this.real.forward(service, request, abandoned);
        return (service === 'polly' ? this.polly : this.bedrock).request(
          request.method,
          pathAndQuery,
          forwardableHeaders(request.headers),
          request.body,
          abandoned,
        );
      case 'sqs':
      case 'sfn':
        return this.forwardToLocal(service, request, caller, call);
    }
  }

  close(): void {
    this.polly.close();
    this.bedrock.close();
    this.real.close();
  }

  private async forwardToS3(request: ReceivedRequest): Promise<Answer> {
    const target = new URL(this.upstream.s3);
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

  private async forwardToLocal(
    service: 'sqs' | 'sfn',
    request: ReceivedRequest,
    caller: Caller,
    call: ServiceCall,
  ): Promise<Answer> {
    const handler = service === 'sqs' ? this.local.sqs : this.local.sfn;
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
