import type { IncomingMessage, RequestListener } from 'node:http';
import { MAX_BODY_BYTES, PayloadTooLargeError, readBody } from './request-body';
import { bucketOfPath, forwardRequest, forwardToBucket } from './bucket-route';
import { contractRoute } from './contract-route';
import { serveDashboard } from './dashboard-route';
import { sendUnauthenticated, type ForwardedIdentity } from './engine-identity';
import {
  answeringFailures,
  isApiPath,
  sendJson,
  sendMisdirected,
  sendPayloadTooLarge,
} from './send-json';

/** What the local run's front server routes requests to. */
export interface EngineListenerDeps {
  /** The engine's HTTP API (`http://127.0.0.1:<port>`). */
  apiUrl: string;
  /** Turns the local identity header into the authorizer's token (see `./engine-identity.ts`). */
  identity: (headers: Record<string, string>) => Promise<ForwardedIdentity>;
  dashboardDir: string;
  /**
   * The engine's S3 front door and the run's bucket names: `/<bucket>/…` on this origin (the
   * API's path-style links and upload forms) goes there unchanged (see `./bucket-route.ts`).
   */
  s3: { url: string; buckets: ReadonlySet<string> };
  /** Whether a request's `Host` header names this server (see `./host-check.ts`). */
  acceptsHost: (hostHeader: string | undefined) => boolean;
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/**
 * The local run's one origin, as CloudFront is in AWS: a request whose `Host` is not this
 * server's answers 421 before anything else (DNS rebinding); `/api/*` and `/feeds/*` go to the
 * engine's HTTP API (bodies over 1 MB answer 413, the identity header becomes the authorizer's
 * token), `/<bucket>/…` to the S3 front door (the audio, caption and upload links, on the
 * dashboard's origin as the in-process stack's are), and the rest is the dashboard (`./dashboard-route.ts`). Two answers keep the local
 * contract of the in-process stack rather than API Gateway's: a path `API_CONTRACT` declares, asked
 * with another method, is 405 `method_not_allowed` with an `Allow` header, and a signed-in route
 * without an identity is 401 `unauthenticated` (`./contract-route.ts`). Nothing here runs the product:
 * the functions run in the engine's worker threads, so this server's event loop only forwards.
 */
export function createEngineListener(deps: EngineListenerDeps): RequestListener {
  async function route(
    request: IncomingMessage,
    response: Parameters<RequestListener>[1],
  ): Promise<void> {
    if (!deps.acceptsHost(request.headers.host)) return sendMisdirected(response);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (bucketOfPath(url.pathname, deps.s3.buckets) !== undefined)
      return forwardToBucket(request, response, deps.s3.url);
    if (!isApiPath(url.pathname)) return serveDashboard(request, response, url, deps.dashboardDir);
    const method = request.method ?? 'GET';
    const declared = contractRoute(method, url.pathname);
    if (declared.kind === 'method_not_allowed') {
      request.resume();
      return sendJson(
        response,
        405,
        {
          error: {
            code: 'method_not_allowed',
            message: `${method.toUpperCase()} is not allowed on ${url.pathname}.`,
          },
        },
        { allow: declared.allow.join(', ') },
      );
    }
    let body: Buffer;
    try {
      body = await readBody(request, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof PayloadTooLargeError)
        return sendPayloadTooLarge(response, error.message);
      throw error;
    }
    const identity = await deps.identity(flatHeaders(request));
    if (declared.kind === 'found' && declared.auth === 'jwt' && !identity.identified)
      return sendUnauthenticated(response);
    const { 'transfer-encoding': _chunked, connection: _hop, ...headers } = identity.headers;
    // The client's Host stays: the API makes absolute links (a feed's URLs) from it.
    await forwardRequest(
      deps.apiUrl,
      {
        method,
        path: request.url ?? '/',
        headers: { ...headers, 'content-length': String(body.length) },
      },
      body,
      response,
    );
  }

  return answeringFailures(route);
}
