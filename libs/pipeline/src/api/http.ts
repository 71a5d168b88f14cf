import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A JSON response with the headers every API response carries. */
export function json(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** The API's error body: `{ error: { code, message, field?, ...details } }`. */
export function apiError(
  statusCode: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): APIGatewayProxyStructuredResultV2 {
  return json(statusCode, { error: { code, message, ...details } });
}
