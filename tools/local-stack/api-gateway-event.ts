import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Largest request body the local server accepts (API Gateway's payload limit is 10 MB). */
export const MAX_BODY_BYTES = 1_000_000;

/** A request body over {@link MAX_BODY_BYTES}. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
}

/**
 * Reads a Node request into the API Gateway HTTP API (payload v2) event the
 * `api` handler receives in AWS.
 *
 * @example
 * ```ts
 * const event = await toApiGatewayEvent(request, url);
 * const response = await apiHandler(event);
 * ```
 */
export async function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
): Promise<APIGatewayProxyEventV2> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    // An oversized body is still read to its end (and dropped), so the connection stays usable.
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(`Request bodies are limited to ${MAX_BODY_BYTES} bytes`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
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
      domainName: url.host,
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
    body: chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined,
    isBase64Encoded: false,
  };
}
