import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from './route';

/**
 * One entry of the route table: a method, a path pattern (captures become the
 * route's `match`), and the route.
 *
 * @example
 * ```ts
 * const entry: RouteEntry = { method: 'GET', path: /^\/api\/quota\/?$/, route: getQuota };
 * ```
 */
export interface RouteEntry {
  readonly method: string;
  readonly path: RegExp;
  readonly route: Route;
}

/** What the router found for a request: a route with its captures, or why none. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly match: RegExpMatchArray }
  | { readonly kind: 'no_route' }
  | { readonly kind: 'method_not_allowed' };

/**
 * Matches an API Gateway payload-2.0 event against a route table by raw path,
 * then method: an unknown path is `no_route` (404), a known path with another
 * method `method_not_allowed` (405).
 *
 * @example
 * ```ts
 * const found = matchRoute(routes, event);
 * if (found.kind === 'found') return found.route(userId, event, found.match);
 * ```
 */
export function matchRoute(
  routes: readonly RouteEntry[],
  event: APIGatewayProxyEventV2,
): RouteMatch {
  const method = event.requestContext.http.method.toUpperCase();
  const path = event.rawPath;
  const onPath = routes.filter((entry) => entry.path.test(path));
  if (onPath.length === 0) return { kind: 'no_route' };
  const entry = onPath.find((candidate) => candidate.method === method);
  if (!entry) return { kind: 'method_not_allowed' };
  return { kind: 'found', route: entry.route, match: path.match(entry.path) as RegExpMatchArray };
}
