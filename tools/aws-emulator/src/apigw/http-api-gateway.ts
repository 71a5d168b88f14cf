import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { HttpApiSpec } from '../template/synthesized-app';
import type { InvocationResult } from '../lambda/lambda-runtime';
import { byPrecedence, compile } from './routes';

/** Options of {@link startHttpApiGateway}. */
export interface HttpApiGatewayOptions {
  readonly api: HttpApiSpec;
  /** The keys the JWT authorizer trusts (the issuer's JWKS). */
  readonly jwks: { readonly keys: readonly JWK[] };
  /** Invokes the integration's function (by logical id). */
  readonly invoke: (functionLogicalId: string, event: unknown) => Promise<InvocationResult>;
  readonly accountId?: string;
  readonly port?: number;
  readonly now?: () => Date;
}

/**
 * The running HTTP API.
 *
 * @example
 * ```ts
 * const gateway = await startHttpApiGateway({ api: app.httpApi, jwks: issuer.jwks, invoke });
 * await fetch(`${gateway.url}/api/items`, { headers: { authorization: `Bearer ${token}` } });
 * await gateway.stop();
 * ```
 */
export interface HttpApiGateway {
  readonly url: string;
  stop(): Promise<void>;
}

/** How many verified tokens the gateway keeps (then it starts again from none). */
const VERIFIED_TOKENS_KEPT = 1000;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|.*\+json|.*\+xml)/i.test(
    contentType,
  );
}

/**
 * Starts the HTTP API as API Gateway runs it: routes from the template (most specific match,
 * `{param}` and `{proxy+}`; a method matches only its own routes and `ANY`, so HEAD needs a HEAD
 * route), the JWT authorizer on routes whose `AuthorizationType` is `JWT` (signature against the
 * JWKS, `iss`, `aud` or `client_id`, `exp`/`nbf`; claims at `requestContext.authorizer.jwt.claims`;
 * otherwise 401 `{"message":"Unauthorized"}`; a `NONE` route is invoked with no identity), the
 * `x-forwarded-for`/`-port`/`-proto` headers API Gateway adds (`http` here), payload format 2.0
 * events and responses (a base64 body sent as its bytes, headers such as `location` passed
 * through, a 204 with no body), 404
 * `{"message":"Not Found"}` for an unknown route and 500 `{"message":"Internal Server Error"}`
 * when the function fails.
 *
 * @example
 * ```ts
 * const gateway = await startHttpApiGateway({ api: app.httpApi, jwks: issuer.jwks, invoke: (id, e) => runtime.invoke(id, e) });
 * ```
 */
export async function startHttpApiGateway(options: HttpApiGatewayOptions): Promise<HttpApiGateway> {
  const routes = options.api.routes.map(compile).sort(byPrecedence);
  const keySet = createLocalJWKSet({ keys: [...options.jwks.keys] });
  const now = options.now ?? (() => new Date());
  const authorizer = options.api.jwtAuthorizer;

  const match = (method: string, path: string) => {
    for (const route of routes) {
      if (route.method !== 'ANY' && route.method !== method) continue;
      if (!route.pattern) return { route, pathParameters: undefined };
      const found = route.pattern.exec(path);
      if (!found) continue;
      const pathParameters = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
      );
      return { route, pathParameters: route.names.length > 0 ? pathParameters : undefined };
    }
    return undefined;
  };

  // A token verified once is the same token until it expires: its claims are kept (bounded),
  // so a client that sends it again costs no second RSA verification.
  const verified = new Map<string, Record<string, unknown>>();
  const stillValid = (claims: Record<string, unknown>) => {
    const seconds = now().getTime() / 1000;
    return (
      (typeof claims['exp'] !== 'number' || seconds < claims['exp']) &&
      (typeof claims['nbf'] !== 'number' || seconds >= claims['nbf'])
    );
  };
  const verify = async (
    header: string | undefined,
  ): Promise<Record<string, unknown> | undefined> => {
    if (!authorizer || !header) return undefined;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    const known = verified.get(token);
    if (known && stillValid(known)) return known;
    verified.delete(token);
    const claims = await verifyToken(token);
    if (claims) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, claims);
    }
    return claims;
  };
  const verifyToken = async (token: string): Promise<Record<string, unknown> | undefined> => {
    if (!authorizer) return undefined;
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: authorizer.issuer,
        currentDate: now(),
        algorithms: ['RS256'],
      });
      const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
      const clientId = payload['client_id'];
      const audienceOk =
        audiences.length > 0
          ? audiences.some((aud) => authorizer.audience.includes(aud))
          : typeof clientId === 'string' && authorizer.audience.includes(clientId);
      return audienceOk ? (payload as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const found = match(method, url.pathname);
    if (!found) return send(res, 404, { message: 'Not Found' });
    const { route, pathParameters } = found;
    let claims: Record<string, unknown> | undefined;
    if (route.spec.authorizationType === 'JWT') {
      claims = await verify(req.headers.authorization);
      if (!claims) return send(res, 401, { message: 'Unauthorized' });
    }
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    const cookies: string[] = [];
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
      else headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    // API Gateway always adds these; here the client reached a plain-HTTP listener on this port.
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-for'] = headers['x-forwarded-for']
      ? `${headers['x-forwarded-for']}, ${sourceIp}`
      : sourceIp;
    headers['x-forwarded-port'] = String(req.socket.localPort ?? '');
    headers['x-forwarded-proto'] = 'http';
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams)
      query[name] = name in query ? `${query[name]},${value}` : value;
    const contentType = headers['content-type'];
    const base64 = body.length > 0 && !isTextual(contentType);
    const time = now();
    const event = {
      version: '2.0',
      routeKey: route.spec.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      ...(cookies.length > 0 ? { cookies } : {}),
      headers,
      ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      requestContext: {
        accountId: options.accountId ?? '000000000000',
        apiId: options.api.apiId,
        ...(claims ? { authorizer: { jwt: { claims: stringClaims(claims), scopes: null } } } : {}),
        domainName: headers['host'] ?? 'localhost',
        domainPrefix: (headers['host'] ?? 'localhost').split('.')[0],
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: route.spec.routeKey,
        stage: '$default',
        time: time.toISOString(),
        timeEpoch: time.getTime(),
      },
      ...(body.length > 0 ? { body: body.toString(base64 ? 'base64' : 'utf8') } : {}),
      ...(pathParameters ? { pathParameters } : {}),
      isBase64Encoded: base64,
    };
    let answer: InvocationResult;
    try {
      answer = await options.invoke(route.spec.functionLogicalId, event);
    } catch {
      return send(res, 500, { message: 'Internal Server Error' });
    }
    if (answer.functionError) return send(res, 500, { message: 'Internal Server Error' });
    writeResult(res, answer.payload);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** API Gateway hands JWT claims to the function as strings (arrays as `[a b]`). */
function stringClaims(claims: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(claims).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'string'
          ? value
          : String(value),
    ]),
  );
}

/** Payload format 2.0 responses: a `statusCode` object is taken as is, anything else is a 200 JSON body. */
function writeResult(res: ServerResponse, payload: unknown): void {
  const shaped =
    payload !== null && typeof payload === 'object' && 'statusCode' in payload
      ? (payload as {
          statusCode: number;
          headers?: Record<string, string>;
          multiValueHeaders?: Record<string, string[]>;
          cookies?: string[];
          body?: string;
          isBase64Encoded?: boolean;
        })
      : undefined;
  if (!shaped) {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
    return;
  }
  const body =
    shaped.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(shaped.body, shaped.isBase64Encoded ? 'base64' : 'utf8');
  const headers: Record<string, string | string[]> = { ...(shaped.headers ?? {}) };
  for (const [name, values] of Object.entries(shaped.multiValueHeaders ?? {}))
    headers[name] = values;
  if (shaped.cookies?.length) headers['set-cookie'] = shaped.cookies;
  // A 204 or 304 has no body and no Content-Length (RFC 9110); a HEAD answer's body is never sent.
  if (shaped.statusCode === 204 || shaped.statusCode === 304) {
    res.writeHead(shaped.statusCode, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(shaped.statusCode, headers);
  res.end(body);
}
