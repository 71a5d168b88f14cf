import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The scheme and host a request reached the API on, for links that must be absolute (a feed's
 * URLs): the host API Gateway names in `requestContext.domainName`, and the scheme of its
 * `x-forwarded-proto` header (https when absent; API Gateway always sets it, the local stack
 * sets http).
 */
export function requestOrigin(event: APIGatewayProxyEventV2): string {
  const forwarded = event.headers?.['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  const scheme = forwarded === 'http' ? 'http' : 'https';
  return `${scheme}://${event.requestContext.domainName}`;
}
