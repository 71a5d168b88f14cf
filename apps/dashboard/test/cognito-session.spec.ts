/**
 * @jest-environment node
 */
import { webcrypto } from 'node:crypto';
import { AuthError } from '../src/api/errors';
import {
  PENDING_SIGN_IN_STORAGE_KEY,
  TOKENS_STORAGE_KEY,
  beginSignIn,
  completeSignIn,
  currentIdToken,
  hostedUiOrigin,
  signOut,
  type CognitoEnvironment,
} from '../src/identity/cognito-session';
import { codeChallengeS256 } from '../src/identity/pkce';
import { sendJson, startLocalHttpServer } from './support/local-http-server';
import { TEST_COGNITO_CONFIG } from './support/cognito-config';

const CONFIG = TEST_COGNITO_CONFIG;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('codeChallengeS256', () => {
  it('matches the RFC 7636 appendix B example', async () => {
    await expect(
      codeChallengeS256(
        webcrypto.subtle as SubtleCrypto,
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      ),
    ).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('hostedUiOrigin', () => {
  it('accepts a domain prefix, a host name or a URL', () => {
    expect(hostedUiOrigin(CONFIG)).toBe('https://lumcast-test.auth.eu-west-1.amazoncognito.com');
    expect(hostedUiOrigin({ ...CONFIG, cognitoDomain: 'auth.lumcast.example' })).toBe(
      'https://auth.lumcast.example',
    );
    expect(hostedUiOrigin({ ...CONFIG, cognitoDomain: 'https://auth.lumcast.example/' })).toBe(
      'https://auth.lumcast.example',
    );
  });
});

describe('the hosted UI sign-in (authorization code + PKCE)', () => {
  let tokenEndpoint: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let answer: [number, unknown];
  let now = new Date('2026-12-02T09:00:00Z');

  beforeAll(async () => {
    tokenEndpoint = await startLocalHttpServer((_request, response) =>
      sendJson(response, ...answer),
    );
  });
  afterAll(() => tokenEndpoint.close());

  function environment(
    storage = memoryStorage(),
  ): CognitoEnvironment & { storage: ReturnType<typeof memoryStorage> } {
    return {
      config: CONFIG,
      storage,
      crypto: webcrypto as unknown as Crypto,
      // The hosted UI is https in AWS; here its token endpoint is a local HTTP server.
      fetch: (input, init) => {
        const url = new URL(String(input));
        return fetch(`${tokenEndpoint.origin}${url.pathname}`, init);
      },
      redirectUri: 'https://dashboard.example/',
      now: () => now,
    };
  }

  it('sends the browser to /oauth2/authorize with an S256 challenge of a stored verifier', async () => {
    const env = environment();
    const url = new URL(await beginSignIn(env));
    expect(url.origin + url.pathname).toBe(
      'https://lumcast-test.auth.eu-west-1.amazoncognito.com/oauth2/authorize',
    );
    const pending = JSON.parse(env.storage.items.get(PENDING_SIGN_IN_STORAGE_KEY) ?? '{}') as {
      verifier: string;
      state: string;
    };
    expect(pending.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-123',
      redirect_uri: 'https://dashboard.example/',
      scope: 'openid',
      state: pending.state,
      code_challenge: await codeChallengeS256(webcrypto.subtle as SubtleCrypto, pending.verifier),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with the verifier and keeps the tokens in session storage', async () => {
    const env = environment();
    const state = new URL(await beginSignIn(env)).searchParams.get('state');
    const { verifier } = JSON.parse(env.storage.items.get(PENDING_SIGN_IN_STORAGE_KEY) ?? '{}') as {
      verifier: string;
    };
    answer = [
      200,
      { id_token: 'id-1', access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 },
    ];
    tokenEndpoint.requests.length = 0;

    const tokens = await completeSignIn(
      env,
      new URL(`https://dashboard.example/?code=abc&state=${state}`),
    );
    expect(tokens).toEqual({
      idToken: 'id-1',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: now.getTime() + 3_600_000,
    });
    const sent = tokenEndpoint.requests[0];
    expect(sent?.url).toBe('/oauth2/token');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'client-123',
      code: 'abc',
      redirect_uri: 'https://dashboard.example/',
      code_verifier: verifier,
    });
    expect(env.storage.items.has(PENDING_SIGN_IN_STORAGE_KEY)).toBe(false);
    await expect(currentIdToken(env)).resolves.toBe('id-1');
  });

  it('refuses an answer whose state does not match, before calling the token endpoint', async () => {
    const env = environment();
    await beginSignIn(env);
    tokenEndpoint.requests.length = 0;
    await expect(
      completeSignIn(env, new URL('https://dashboard.example/?code=abc&state=forged')),
    ).rejects.toBeInstanceOf(AuthError);
    expect(tokenEndpoint.requests).toHaveLength(0);
  });

  it('reports an error redirect and a refused exchange as AuthError', async () => {
    const env = environment();
    await expect(
      completeSignIn(
        env,
        new URL('https://dashboard.example/?error=access_denied&error_description=Nope'),
      ),
    ).rejects.toThrow('Sign-in failed: Nope');
    const state = new URL(await beginSignIn(env)).searchParams.get('state');
    answer = [400, { error: 'invalid_grant' }];
    await expect(
      completeSignIn(env, new URL(`https://dashboard.example/?code=old&state=${state}`)),
    ).rejects.toThrow('Sign-in was refused: invalid_grant');
  });

  it('refreshes an id token close to expiry and signs out when refreshing fails', async () => {
    const env = environment();
    env.storage.setItem(
      TOKENS_STORAGE_KEY,
      JSON.stringify({
        idToken: 'old',
        accessToken: 'a',
        refreshToken: 'r-1',
        expiresAt: now.getTime() + 30_000,
      }),
    );
    answer = [200, { id_token: 'fresh', access_token: 'a2', expires_in: 3600 }];
    await expect(currentIdToken(env)).resolves.toBe('fresh');
    expect(JSON.parse(env.storage.items.get(TOKENS_STORAGE_KEY) ?? '{}')).toMatchObject({
      idToken: 'fresh',
      refreshToken: 'r-1',
    });

    now = new Date(now.getTime() + 2 * 3_600_000);
    answer = [400, { error: 'invalid_grant' }];
    await expect(currentIdToken(env)).resolves.toBeUndefined();
    expect(env.storage.items.has(TOKENS_STORAGE_KEY)).toBe(false);
  });

  it('forgets the tokens on sign-out and returns the hosted UI logout URL', () => {
    const env = environment();
    env.storage.setItem(TOKENS_STORAGE_KEY, '{}');
    const url = new URL(signOut(env));
    expect(url.pathname).toBe('/logout');
    expect(url.searchParams.get('logout_uri')).toBe('https://dashboard.example/');
    expect(env.storage.items.has(TOKENS_STORAGE_KEY)).toBe(false);
  });
});
