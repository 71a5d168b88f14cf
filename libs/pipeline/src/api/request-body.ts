import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * A request's body as text: API Gateway base64-encodes some bodies (`isBase64Encoded`), and
 * this decodes them; an absent body stays undefined.
 */
export function requestBodyText(event: APIGatewayProxyEventV2): string | undefined {
  return event.isBase64Encoded && event.body
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
}
