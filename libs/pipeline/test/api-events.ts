import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A minimal API Gateway HTTP API (payload 2.0) event, with the caller's id in
 * `x-user` (the tests' identity resolver reads it), an optional query and other headers, on the
 * host `api.lumcast.test` (as API Gateway names it in `requestContext.domainName`).
 */
export function apiEvent(
  method: string,
  path: string,
  user: string | undefined,
  options: {
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    queryStringParameters: options.query,
    headers: { ...options.headers, ...(user === undefined ? {} : { 'x-user': user }) },
    requestContext: { domainName: 'api.lumcast.test', http: { method, path } },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}
