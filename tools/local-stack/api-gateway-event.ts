import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Largest request body the local server accepts (API Gateway's payload limit is 10 MB). */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * A request body over {@link MAX_BODY_BYTES}, found as soon as the limit is passed (or from
 * `Content-Length` before any of it is read): the rest is never read, so the server should
 * answer 413 and close the connection.
 */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';

  constructor(readonly limit: number) {
    super(`Request bodies are limited to ${limit} bytes`);
  }
}

/**
 * Reads a request body of at most `limit` bytes. A `Content-Length` over the limit is refused
 * before reading anything; a body that grows past it (chunked, or lying about its length) is
 * refused at the chunk that passes it. Either way reading stops there: the request is paused and
 * its listeners removed, so a body that never ends costs nothing more.
 *
 * @throws PayloadTooLargeError past the limit.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(new PayloadTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        request.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

/**
 * Reads a Node request into the API Gateway HTTP API (payload v2) event the
 * `api` handler receives in AWS.
 */
export async function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
): Promise<APIGatewayProxyEventV2> {
  const body = await readBody(request, MAX_BODY_BYTES);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // As API Gateway does: the scheme the client used (the local server is plain HTTP), whatever
  // the client claimed.
  headers['x-forwarded-proto'] = 'http';
  const method = (request.method ?? 'GET').toUpperCase();
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      // The Host the client asked for (the listener has checked it is this server's), so the
      // absolute links the API makes (a feed's URLs) point back here.
      domainName: headers['host'] ?? url.host,
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: `${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`,
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length > 0 ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
  };
}
