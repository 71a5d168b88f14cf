/**
 * How a route is reached: `jwt` behind API Gateway's Cognito JWT authorizer (the api function
 * then asks who calls), `none` with no identity at all (a podcast app reading a feed; the feed id
 * in the path is the secret).
 */
export type RouteAuth = 'jwt' | 'none';

/** The methods the API declares; a HEAD is answered as its GET. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route of the HTTP API, declared once: its method, its path in API Gateway syntax (each
 * `{name}` is one path segment), its auth, the query parameters it reads (any other is refused),
 * the values a path parameter is limited to, and, when API Gateway carries it on a shared greedy
 * route rather than its own, that route (`/feeds/{proxy+}`, with the methods it carries).
 */
export interface RouteDeclaration {
  readonly method: RouteMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly query?: readonly string[];
  readonly values?: Readonly<Record<string, readonly string[]>>;
  readonly gateway?: { readonly path: string; readonly methods: readonly string[] };
}

// Podcast apps fetch a feed and its files with GET and HEAD, under one greedy route: the api
// function matches the exact paths beneath it.
const FEED_GATEWAY_ROUTE = { path: '/feeds/{proxy+}', methods: ['GET', 'HEAD'] } as const;

/**
 * Every route of the HTTP API, by name: the api function's router compiles these paths, the CDK
 * app builds API Gateway's routes from them ({@link gatewayRoutes}), and the dashboard's client
 * builds its URLs from them ({@link routePath}).
 *
 * @example
 * ```ts
 * API_CONTRACT.getPodcast; // { method: 'GET', path: '/api/podcasts/{jobId}', auth: 'jwt' }
 * routePath(API_CONTRACT.getPodcast, { jobId }); // '/api/podcasts/j-…'
 * ```
 */
export const API_CONTRACT = {
  createPodcast: { method: 'POST', path: '/api/podcasts', auth: 'jwt' },
  listPodcasts: { method: 'GET', path: '/api/podcasts', auth: 'jwt', query: ['cursor', 'limit'] },
  getPodcast: { method: 'GET', path: '/api/podcasts/{jobId}', auth: 'jwt' },
  getPodcastScript: { method: 'GET', path: '/api/podcasts/{jobId}/script', auth: 'jwt' },
  putPodcastScript: { method: 'PUT', path: '/api/podcasts/{jobId}/script', auth: 'jwt' },
  renderPodcast: { method: 'POST', path: '/api/podcasts/{jobId}/render', auth: 'jwt' },
  quotePodcastScript: { method: 'POST', path: '/api/podcasts/{jobId}/script/quote', auth: 'jwt' },
  getQuota: { method: 'GET', path: '/api/quota', auth: 'jwt' },
  getOptions: { method: 'GET', path: '/api/options', auth: 'jwt' },
  createSource: { method: 'POST', path: '/api/sources', auth: 'jwt' },
  getUsageHistory: { method: 'GET', path: '/api/usage/history', auth: 'jwt', query: ['weeks'] },
  createFeed: { method: 'POST', path: '/api/feeds', auth: 'jwt' },
  listFeeds: { method: 'GET', path: '/api/feeds', auth: 'jwt' },
  revokeFeed: { method: 'DELETE', path: '/api/feeds/{feedId}', auth: 'jwt' },
  getSeriesHosts: { method: 'GET', path: '/api/series/{seriesId}/hosts', auth: 'jwt' },
  putSeriesHosts: { method: 'PUT', path: '/api/series/{seriesId}/hosts', auth: 'jwt' },
  // The public feed routes take no query: a podcast app asks for the URL as the feed gives it,
  // and the audio redirect's signed fields are on the link it redirects to, not here.
  getFeed: { method: 'GET', path: '/feeds/{feedId}', auth: 'none', gateway: FEED_GATEWAY_ROUTE },
  getFeedCover: {
    method: 'GET',
    path: '/feeds/{feedId}/cover.png',
    auth: 'none',
    gateway: FEED_GATEWAY_ROUTE,
  },
  getFeedEpisodeFile: {
    method: 'GET',
    path: '/feeds/{feedId}/episodes/{jobId}/{file}',
    auth: 'none',
    values: { file: ['audio.mp3', 'captions.vtt', 'chapters.json'] },
    gateway: FEED_GATEWAY_ROUTE,
  },
} as const satisfies Record<string, RouteDeclaration>;

/** The name of one route of {@link API_CONTRACT}. */
export type RouteName = keyof typeof API_CONTRACT;

/** One API Gateway route: its method, path and auth (its route key is `METHOD path`). */
export interface GatewayRoute {
  readonly method: string;
  readonly path: string;
  readonly auth: RouteAuth;
}

/**
 * The routes API Gateway must have for {@link API_CONTRACT}, in its order: each route's own,
 * or the shared greedy route that carries it (once, with each of its methods).
 *
 * @example
 * ```ts
 * gatewayRoutes().map((route) => `${route.method} ${route.path}`); // ['POST /api/podcasts', …, 'HEAD /feeds/{proxy+}']
 * ```
 */
export function gatewayRoutes(): GatewayRoute[] {
  const routes = new Map<string, GatewayRoute>();
  for (const route of Object.values(API_CONTRACT) as RouteDeclaration[]) {
    const carried = route.gateway ?? { path: route.path, methods: [route.method] };
    for (const method of carried.methods) {
      routes.set(`${method} ${carried.path}`, { method, path: carried.path, auth: route.auth });
    }
  }
  return [...routes.values()];
}
