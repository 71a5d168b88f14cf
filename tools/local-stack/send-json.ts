import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** Answers a JSON body, never cached (the local server's own answers: errors, `/config.json`). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** The 421 a request whose `Host` is not this server's gets, before anything is looked at. */
export function sendMisdirected(response: ServerResponse): void {
  sendJson(
    response,
    421,
    {
      error: {
        code: 'misdirected_request',
        message:
          'This server answers only to localhost, 127.0.0.1 and [::1] on its own port (set HOST to serve another name).',
      },
    },
    { connection: 'close' },
  );
}

/** The 413 a body over the limit gets; the rest of it is never read, so the connection closes. */
export function sendPayloadTooLarge(response: ServerResponse, message: string): void {
  sendJson(
    response,
    413,
    { error: { code: 'payload_too_large', message } },
    { connection: 'close' },
  );
}

/** `/api/*` and the public feed URLs `/feeds/*`: what API Gateway sends to the api function. */
export function isApiPath(pathname: string): boolean {
  return ['/api', '/feeds'].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * A request listener over an async route: a route that throws is logged and answered 500 (or its
 * connection cut, once the answer had begun).
 */
export function answeringFailures(
  route: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): RequestListener {
  return (request, response) => {
    route(request, response).catch((error: unknown) => {
      console.error('local server error', error);
      if (!response.headersSent)
        sendJson(response, 500, {
          error: { code: 'internal_error', message: 'Local server error.' },
        });
      else response.destroy();
    });
  };
}
