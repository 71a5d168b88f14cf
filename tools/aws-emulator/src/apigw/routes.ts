import type { HttpRouteSpec } from '../template/synthesized-app';

/** A route of the template, ready to match a method and path. */
export interface CompiledRoute {
  readonly spec: HttpRouteSpec;
  readonly method: string;
  readonly pattern: RegExp | undefined;
  readonly names: readonly string[];
}

/**
 * A route key (`GET /api/items/{id}`, `ANY /{proxy+}`, `$default`) as a method and a path pattern
 * whose groups are the named parameters.
 *
 * @example
 * ```ts
 * compile(route).pattern?.exec('/api/items/7')?.[1]; // '7'
 * ```
 */
export function compile(spec: HttpRouteSpec): CompiledRoute {
  if (spec.routeKey === '$default') return { spec, method: 'ANY', pattern: undefined, names: [] };
  const [method = 'ANY', routePath = '/'] = spec.routeKey.split(' ');
  const names: string[] = [];
  const source = routePath
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy?.[1]) {
        names.push(greedy[1]);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { spec, method, pattern: new RegExp(`^${source}$`), names };
}

/** Most specific first, as API Gateway chooses: literal paths, then parameters, then greedy, then $default. */
function specificity(route: CompiledRoute): number[] {
  const key = route.spec.routeKey;
  return [
    key === '$default' ? 1 : 0,
    key.includes('+}') ? 1 : 0,
    -key.split('/').length,
    (key.match(/\{/g) ?? []).length,
    route.method === 'ANY' ? 1 : 0,
  ];
}

/**
 * Orders routes as API Gateway chooses among matches: most specific first.
 *
 * @example
 * ```ts
 * routes.sort(byPrecedence);
 * ```
 */
export function byPrecedence(a: CompiledRoute, b: CompiledRoute): number {
  const x = specificity(a);
  const y = specificity(b);
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}
