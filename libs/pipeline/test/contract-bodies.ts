import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routePattern } from '../src/api/route-pattern';
import * as z from '../src/config/zod-mini';
import { apiErrorBodySchema } from '../src/contract/api-error-body';
import { ROUTE_RESPONSES, type RouteResponse } from '../src/contract/route-responses';
import { API_CONTRACT, type RouteName } from '../src/contract/routes';

/** The contract's success answer of the route an event asks for, if it is a JSON route. */
function declaredResponse(event: APIGatewayProxyEventV2): RouteResponse | undefined {
  const method = event.requestContext.http.method.toUpperCase();
  const name = (Object.keys(API_CONTRACT) as RouteName[]).find(
    (candidate) =>
      API_CONTRACT[candidate].method === method &&
      routePattern(API_CONTRACT[candidate]).test(event.rawPath),
  );
  return name === undefined ? undefined : (ROUTE_RESPONSES as Record<string, RouteResponse>)[name];
}

/**
 * A JSON answer's body, checked against the API contract: an error status against
 * `apiErrorBodySchema`, the declared success status against the route's body schema (a status
 * the route does not declare fails the check). Typed as `JSON.parse` types what it reads.
 */
export function contractBody(
  event: APIGatewayProxyEventV2,
  response: APIGatewayProxyStructuredResultV2,
): ReturnType<typeof JSON.parse> {
  const body: unknown = JSON.parse(String(response.body));
  const status = response.statusCode ?? 200;
  const declared = declaredResponse(event);
  const schema = status >= 400 ? apiErrorBodySchema : declared?.body;
  if (status < 400 && declared) expect(status).toBe(declared.status);
  if (schema) expect(z.safeParse(schema, body).error?.issues).toBeUndefined();
  return body;
}
