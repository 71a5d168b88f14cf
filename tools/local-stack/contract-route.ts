import { API_CONTRACT, type RouteAuth, type RouteDeclaration } from '@lumcast/pipeline/contract';

/** What the API contract says about a request's method and path. */
export type ContractRoute =
  | { readonly kind: 'found'; readonly auth: RouteAuth }
  | { readonly kind: 'no_route' }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly string[] };

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** A declaration's path as a pattern: each `{name}` one segment (or one of its `values`). */
function pathPattern(route: RouteDeclaration): RegExp {
  const source = route.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(SPECIAL, '\\$&');
      const values = route.values?.[name];
      return values ? `(?:${values.map((v) => v.replace(SPECIAL, '\\$&')).join('|')})` : '[^/]+';
    })
    .join('');
  // A signed-in route also answers with a trailing slash, as the api function's router does.
  return new RegExp(`^${source}${route.auth === 'jwt' ? '/?' : ''}$`);
}

const ROUTES = (Object.values(API_CONTRACT) as RouteDeclaration[]).map((route) => ({
  route,
  pattern: pathPattern(route),
}));

/**
 * Matches a request against `API_CONTRACT` as the api function's router does (a HEAD asks about
 * its GET): the local gateway answers from it what API Gateway would not answer as the in-process
 * stack did — a declared path with another method is 405 (with the methods it takes), and a
 * signed-in route without an identity is 401 — while the engine's gateway answers the rest.
 */
export function contractRoute(method: string, pathname: string): ContractRoute {
  const asked = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const onPath = ROUTES.filter(({ pattern }) => pattern.test(pathname)).map(({ route }) => route);
  if (onPath.length === 0) return { kind: 'no_route' };
  const found = onPath.find((route) => route.method === asked);
  if (found) return { kind: 'found', auth: found.auth };
  const allow = [
    ...new Set(
      onPath.flatMap((route) => [route.method, ...(route.method === 'GET' ? ['HEAD'] : [])]),
    ),
  ];
  return { kind: 'method_not_allowed', allow };
}
