import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A minimal API Gateway HTTP API (payload 2.0) event, with the caller's id in
 * `x-user` (the tests' identity resolver reads it) and an optional query.
 */
export function apiEvent(
  method: string,
  path: string,
  user: string | undefined,
  options: { body?: unknown; query?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    queryStringParameters: options.query,
    headers: user === undefined ? {} : { 'x-user': user },
    requestContext: { http: { method, path } },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}
