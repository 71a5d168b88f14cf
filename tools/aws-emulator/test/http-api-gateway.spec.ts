import { startHttpApiGateway, type HttpApiGateway } from '../src/apigw/http-api-gateway';
import { startJwtIssuer, type JwtIssuer } from '../src/apigw/jwt-issuer';
import type { HttpApiSpec } from '../src/template/synthesized-app';

const api: HttpApiSpec = {
  logicalId: 'Api',
  apiId: 'abc123',
  apiEndpoint: 'https://abc123.execute-api.us-east-1.amazonaws.com',
  routes: [
    {
      routeKey: 'GET /api/items',
      authorizationType: 'JWT',
      functionLogicalId: 'ApiFn',
      payloadFormatVersion: '2.0',
    },
    {
      routeKey: 'GET /api/items/{jobId}',
      authorizationType: 'JWT',
      functionLogicalId: 'ApiFn',
      payloadFormatVersion: '2.0',
    },
    {
      routeKey: 'POST /api/items',
      authorizationType: 'JWT',
      functionLogicalId: 'ApiFn',
      payloadFormatVersion: '2.0',
    },
    {
      routeKey: 'GET /health',
      authorizationType: 'NONE',
      functionLogicalId: 'ApiFn',
      payloadFormatVersion: '2.0',
    },
  ],
  jwtAuthorizer: {
    issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_local',
    audience: ['client-1'],
    identitySource: '$request.header.Authorization',
  },
};

let issuer: JwtIssuer;
let gateway: HttpApiGateway;
const events: Record<string, unknown>[] = [];

beforeAll(async () => {
  issuer = await startJwtIssuer({
    issuer: api.jwtAuthorizer!.issuer,
    audience: api.jwtAuthorizer!.audience,
  });
  gateway = await startHttpApiGateway({
    api,
    jwks: issuer.jwks,
    invoke: async (_id, event) => {
      events.push(event as Record<string, unknown>);
      return {
        payload: {
          statusCode: 201,
          headers: { 'x-test': 'yes' },
          body: JSON.stringify({ ok: true }),
        },
      };
    },
  });
});
afterAll(() => gateway.stop());

const get = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${gateway.url}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

describe('the HTTP API gateway', () => {
  it('passes a payload format 2.0 event with the JWT claims where the authorizer puts them', async () => {
    const token = await issuer.mint({ sub: 'user-1', email: 'ada@example.com' });
    const response = await get('/api/items/job-9?x=1', token);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-test')).toBe('yes');
    expect(await response.json()).toEqual({ ok: true });
    const event = events.at(-1) as {
      version: string;
      routeKey: string;
      rawPath: string;
      rawQueryString: string;
      pathParameters: Record<string, string>;
      queryStringParameters: Record<string, string>;
      requestContext: {
        authorizer: { jwt: { claims: Record<string, string> } };
        http: { method: string };
      };
    };
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/items/{jobId}');
    expect(event.rawPath).toBe('/api/items/job-9');
    expect(event.rawQueryString).toBe('x=1');
    expect(event.pathParameters).toEqual({ jobId: 'job-9' });
    expect(event.queryStringParameters).toEqual({ x: '1' });
    expect(event.requestContext.http.method).toBe('GET');
    expect(event.requestContext.authorizer.jwt.claims).toMatchObject({
      sub: 'user-1',
      email: 'ada@example.com',
      aud: 'client-1',
      iss: api.jwtAuthorizer!.issuer,
      token_use: 'id',
    });
  });

  it('accepts an access token by its client_id', async () => {
    const token = await issuer.mint({ sub: 'user-2', tokenUse: 'access' });
    expect((await get('/api/items', token)).status).toBe(201);
  });

  it.each([
    ['no token', async () => undefined],
    ['an expired token', async () => issuer.mint({ sub: 'u', expiresInSeconds: -60 })],
    ['another issuer', async () => issuer.mint({ sub: 'u', issuer: 'https://evil.example.com' })],
    ['another audience', async () => issuer.mint({ sub: 'u', audience: 'other-client' })],
    [
      'a tampered token',
      async () => (await issuer.mint({ sub: 'u' })).replace(/\.[^.]+$/, '.AAAA'),
    ],
  ])('refuses %s with 401 Unauthorized before invoking the function', async (_label, make) => {
    const before = events.length;
    const response = await get('/api/items', await make());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(events.length).toBe(before);
  });

  it('refuses a token signed by a key the JWKS does not hold', async () => {
    const stranger = await startJwtIssuer({
      issuer: api.jwtAuthorizer!.issuer,
      audience: ['client-1'],
    });
    expect((await get('/api/items', await stranger.mint({ sub: 'u' }))).status).toBe(401);
  });

  it('refuses a token it accepted before once the token has expired', async () => {
    let clock = new Date();
    const timed = await startHttpApiGateway({
      api,
      jwks: issuer.jwks,
      now: () => clock,
      invoke: async () => ({ payload: { statusCode: 200, body: '' } }),
    });
    try {
      const token = await issuer.mint({ sub: 'u', expiresInSeconds: 60 });
      const call = () =>
        fetch(`${timed.url}/api/items`, { headers: { authorization: `Bearer ${token}` } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      clock = new Date(clock.getTime() + 61_000);
      expect((await call()).status).toBe(401);
    } finally {
      await timed.stop();
    }
  });

  it('answers an unknown route with 404 Not Found', async () => {
    const response = await get('/api/nothing-here', await issuer.mint({ sub: 'u' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
    expect((await get('/api/items', undefined, { method: 'DELETE' })).status).toBe(404);
  });

  it('passes an unauthenticated route without claims and a POST body as text', async () => {
    expect((await get('/health')).status).toBe(201);
    expect((events.at(-1) as { requestContext: object }).requestContext).not.toHaveProperty(
      'authorizer',
    );
    const token = await issuer.mint({ sub: 'u' });
    await get('/api/items', token, {
      method: 'POST',
      body: '{"topic":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(events.at(-1)).toMatchObject({
      body: '{"topic":"x"}',
      isBase64Encoded: false,
      routeKey: 'POST /api/items',
    });
  });
});

describe('the HTTP API gateway on public feed routes', () => {
  const feedApi: HttpApiSpec = {
    ...api,
    routes: [
      ...(['GET', 'HEAD'] as const).map((method) => ({
        routeKey: `${method} /feeds/{proxy+}`,
        authorizationType: 'NONE' as const,
        functionLogicalId: 'ApiFn',
        payloadFormatVersion: '2.0',
      })),
      {
        routeKey: 'DELETE /api/feeds/{feedId}',
        authorizationType: 'JWT',
        functionLogicalId: 'ApiFn',
        payloadFormatVersion: '2.0',
      },
    ],
  };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
  const seen: { rawPath: string; headers: Record<string, string>; [key: string]: unknown }[] = [];
  let feeds: HttpApiGateway;

  beforeAll(async () => {
    feeds = await startHttpApiGateway({
      api: feedApi,
      jwks: issuer.jwks,
      invoke: async (_id, event) => {
        const e = event as (typeof seen)[number] & { requestContext: { http: { method: string } } };
        seen.push(e);
        const head = e.requestContext.http.method === 'HEAD';
        if (e.rawPath.endsWith('/cover.png')) {
          return {
            payload: {
              statusCode: 206,
              headers: { 'content-type': 'image/png', 'content-range': 'bytes 0-9/10' },
              body: head ? '' : png.toString('base64'),
              isBase64Encoded: !head,
            },
          };
        }
        if (e.rawPath.endsWith('/audio.mp3')) {
          return {
            payload: { statusCode: 302, headers: { location: 'http://127.0.0.1:1/signed?x=1' } },
          };
        }
        if (e.rawPath.startsWith('/api/feeds/')) return { payload: { statusCode: 204 } };
        return {
          payload: {
            statusCode: 200,
            headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
            body: head ? '' : '<rss version="2.0"/>',
          },
        };
      },
    });
  });
  afterAll(() => feeds.stop());

  it('invokes a NONE route with no identity and the greedy rest of the path as {proxy}', async () => {
    const response = await fetch(`${feeds.url}/feeds/f-1/entries/j-1/chapters.json`);
    expect(response.status).toBe(200);
    const event = seen.at(-1) as unknown as { pathParameters: object; requestContext: object };
    expect(event.pathParameters).toEqual({ proxy: 'f-1/entries/j-1/chapters.json' });
    expect(event.requestContext).not.toHaveProperty('authorizer');
    expect(seen.at(-1)?.headers).toMatchObject({
      'x-forwarded-proto': 'http',
      'x-forwarded-port': new URL(feeds.url).port,
      'x-forwarded-for': '127.0.0.1',
    });
  });

  it('answers HEAD through its own route, with headers and no body', async () => {
    const response = await fetch(`${feeds.url}/feeds/f-1`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('sends an isBase64Encoded body as its bytes, with the status and headers the function set', async () => {
    const response = await fetch(`${feeds.url}/feeds/f-1/cover.png`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-9/10');
    expect(response.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it('passes a 302 and its location through untouched', async () => {
    const response = await fetch(`${feeds.url}/feeds/f-1/entries/j-1/audio.mp3`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:1/signed?x=1');
  });

  it('answers a 204 with no body and no Content-Length, and still wants a JWT on the JWT route', async () => {
    expect((await fetch(`${feeds.url}/api/feeds/f-1`, { method: 'DELETE' })).status).toBe(401);
    const token = await issuer.mint({ sub: 'u' });
    const response = await fetch(`${feeds.url}/api/feeds/f-1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe('');
    expect(seen.at(-1)).toMatchObject({ pathParameters: { feedId: 'f-1' } });
  });

  it('matches no route for a method the template does not route (POST to a feed)', async () => {
    const response = await fetch(`${feeds.url}/feeds/f-1`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });
});
