import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { pathParameterNames } from '../contract/route-path';
import { API_CONTRACT, type RouteName } from '../contract/routes';
import type { PublicRoute, Route } from './route';
import { routePattern } from './route-pattern';

/**
 * What a route takes from the URL besides its path: the names of the path's captures that are
 * ids (in order; each must be one plain path segment), and the query parameters it reads (any
 * other is refused). Both default to none.
 *
 * @example
 * ```ts
 * const input: RouteInput = { ids: ['jobId'], query: [] };
 * ```
 */
export interface RouteInput {
  readonly ids?: readonly string[];
  readonly query?: readonly string[];
}

/**
 * One entry of the route table: a method, a path pattern (captures become the
 * route's `match`), the route: a signed-in caller's `route`, or a `publicRoute` that
 * runs with no identity; and what it takes from the URL ({@link RouteInput}).
 *
 * @example
 * ```ts
 * const entry: RouteEntry = { method: 'GET', path: /^\/api\/quota\/?$/, route: getQuota };
 * const feed: RouteEntry = { method: 'GET', path: /^\/feeds\/([^/]+)$/, ids: ['feedId'], publicRoute: getFeed };
 * ```
 */
export type RouteEntry = RouteInput &
  (
    | { readonly method: string; readonly path: RegExp; readonly route: Route }
    | { readonly method: string; readonly path: RegExp; readonly publicRoute: PublicRoute }
  );

/**
 * The code behind each route of {@link API_CONTRACT}: a signed-in route (`auth: 'jwt'`) is a
 * {@link Route}, a public one (`auth: 'none'`) a {@link PublicRoute}.
 */
export type RouteImplementations = {
  readonly [N in RouteName]: (typeof API_CONTRACT)[N]['auth'] extends 'jwt' ? Route : PublicRoute;
};

/**
 * The route table of {@link API_CONTRACT}, in its order: each declaration compiled into its
 * path pattern ({@link routePattern}), its ids (every `{name}` of the path) and its query, with
 * the code that answers it.
 */
export function compileRoutes(implementations: RouteImplementations): RouteEntry[] {
  return (Object.keys(API_CONTRACT) as RouteName[]).map((name) => {
    const declaration = API_CONTRACT[name];
    const input = {
      method: declaration.method,
      path: routePattern(declaration),
      ids: pathParameterNames(declaration.path),
      query: 'query' in declaration ? declaration.query : [],
    };
    return declaration.auth === 'jwt'
      ? { ...input, route: implementations[name] as Route }
      : { ...input, publicRoute: implementations[name] as PublicRoute };
  });
}

/** What the router found for a request: an entry with its captures, or why none. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly entry: RouteEntry; readonly match: RegExpMatchArray }
  | { readonly kind: 'no_route' }
  | { readonly kind: 'method_not_allowed' };

/**
 * Matches an API Gateway payload-2.0 event against a route table by raw path,
 * then method (a HEAD is matched as the GET it asks about): an unknown path is `no_route`
 * (404), a known path with another method `method_not_allowed` (405).
 *
 * @example
 * ```ts
 * const found = matchRoute(routes, event);
 * if (found.kind === 'found' && 'route' in found.entry) return found.entry.route(userId, event, found.match);
 * ```
 */
export function matchRoute(
  routes: readonly RouteEntry[],
  event: APIGatewayProxyEventV2,
): RouteMatch {
  const asked = event.requestContext.http.method.toUpperCase();
  const method = asked === 'HEAD' ? 'GET' : asked;
  const path = event.rawPath;
  const onPath = routes.filter((entry) => entry.path.test(path));
  if (onPath.length === 0) return { kind: 'no_route' };
  const entry = onPath.find((candidate) => candidate.method === method);
  if (!entry) return { kind: 'method_not_allowed' };
  return { kind: 'found', entry, match: path.match(entry.path) as RegExpMatchArray };
}
