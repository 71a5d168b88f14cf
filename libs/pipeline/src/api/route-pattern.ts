import { pathParameterNames } from '../contract/route-path';
import type { RouteDeclaration } from '../contract/routes';

const ESCAPED = /[.*+?^${}()|[\]\\]/g;

/**
 * Compiles a declared path (API Gateway syntax) into the pattern the router matches a request's
 * raw path with: each `{name}` captures one segment (`[^/]+`), or one of the route's `values`
 * for it; the rest is literal. The signed-in routes (`/api/…`) forgive a trailing slash; the
 * public feed routes are exact, as the feed spells its URLs.
 */
export function routePattern(route: RouteDeclaration): RegExp {
  const names = pathParameterNames(route.path);
  const literals = route.path.split(/\{\w+\}/);
  let source = literals[0]?.replace(ESCAPED, '\\$&') ?? '';
  names.forEach((name, index) => {
    const values = route.values?.[name];
    const segment = values
      ? `(${values.map((value) => value.replace(ESCAPED, '\\$&')).join('|')})`
      : '([^/]+)';
    source += segment + (literals[index + 1] ?? '').replace(ESCAPED, '\\$&');
  });
  return new RegExp(`^${source}${route.auth === 'jwt' ? '/?' : ''}$`);
}
