import type { RouteDeclaration } from './routes';

/** The names of the `{name}` parameters of a path in API Gateway syntax. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** The query parameters a route declares (none when it declares none). */
export type QueryParams<R extends RouteDeclaration> = R['query'] extends readonly string[]
  ? R['query'][number]
  : never;

const PARAMETER = /\{(\w+)\}/g;

/**
 * The names of a path's `{name}` parameters, in order.
 */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map(([, name]) => name as string);
}

/**
 * A route's URL path: each `{name}` filled with its value as one encoded segment
 * (`encodeURIComponent`), then the query parameters given (in the order given, those
 * `undefined` left out), as `URLSearchParams` writes them.
 *
 * @example
 * ```ts
 * routePath(API_CONTRACT.getPodcast, { jobId: 'j-1' }); // '/api/podcasts/j-1'
 * routePath(API_CONTRACT.listPodcasts, {}, { limit: 20, cursor: undefined }); // '/api/podcasts?limit=20'
 * ```
 */
export function routePath<R extends RouteDeclaration>(
  route: R,
  params: Record<PathParams<R['path']>, string>,
  query: Partial<Record<QueryParams<R>, string | number | undefined>> = {},
): string {
  const values = params as Record<string, string>;
  const path = route.path.replace(PARAMETER, (_, name: string) =>
    encodeURIComponent(values[name] as string),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text.length === 0 ? path : `${path}?${text}`;
}
