import { webcrypto } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, AuthError } from '../src/api/errors';
import { useCognitoSession } from '../src/hooks/use-cognito-session';
import {
  PENDING_SIGN_IN_STORAGE_KEY,
  TOKENS_STORAGE_KEY,
  type CognitoEnvironment,
} from '../src/identity/cognito-session';
import { TEST_COGNITO_CONFIG } from './support/cognito-config';

const CONFIG = TEST_COGNITO_CONFIG;
const HOSTED_UI = 'https://lumcast-test.auth.eu-west-1.amazoncognito.com';
const NOW = new Date('2026-12-02T09:00:00Z');

/** An unsigned JWT with these claims (the dashboard only reads claims to show a name). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.signature`;
}

/** A JSON answer as much as the code reads of a Response (jsdom has no Response). */
function answer(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

/**
 * The Cognito boundary: session storage in memory, Node's Web Crypto, a fixed clock, and a
 * hosted-UI token endpoint that answers what the test scripts and records every form sent.
 */
function cognitoBoundary() {
  const items = new Map<string, string>();
  const tokenRequests: Record<string, string>[] = [];
  const script = { tokenAnswer: answer(500, {}) };
  return {
    items,
    tokenRequests,
    /** What the token endpoint answers next. */
    set tokenAnswer(next: Response) {
      script.tokenAnswer = next;
    },
    env: {
      config: CONFIG,
      storage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      } as unknown as Storage,
      crypto: webcrypto as unknown as Crypto,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        expect(String(input)).toBe(`${HOSTED_UI}/oauth2/token`);
        tokenRequests.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
        return script.tokenAnswer;
      },
      redirectUri: 'https://dashboard.example/',
      now: () => NOW,
    } satisfies CognitoEnvironment,
    storeTokens(tokens: { idToken: string; refreshToken?: string; expiresAt: number }) {
      items.set(TOKENS_STORAGE_KEY, JSON.stringify({ accessToken: 'access-0', ...tokens }));
    },
  };
}

/** The boundary with tokens for `email` stored that are valid for another hour. */
function signedInBoundary(email: string) {
  const boundary = cognitoBoundary();
  boundary.storeTokens({ idToken: idToken({ email }), expiresAt: NOW.getTime() + 3_600_000 });
  return boundary;
}

/** The dashboard's own API (same origin): answers `status` and records the headers sent. */
function fakeApi(status: number, body: unknown) {
  const headers: Record<string, string>[] = [];
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    headers.push((init?.headers ?? {}) as Record<string, string>);
    return answer(status, body);
  }) as typeof fetch;
  return headers;
}

describe('useCognitoSession', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
    window.history.replaceState(null, '', '/');
  });

  function render(boundary: ReturnType<typeof cognitoBoundary>) {
    const navigated: string[] = [];
    const hook = renderHook(() =>
      useCognitoSession(CONFIG, {
        environment: boundary.env,
        navigate: (url) => navigated.push(url),
      }),
    );
    return { ...hook, navigated };
  }

  it('checks first, then is signed out without an error when no tokens are stored', async () => {
    const boundary = cognitoBoundary();
    const { result } = render(boundary);
    expect(result.current.state).toEqual({ phase: 'checking' });
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'signed-out' }));
    expect(result.current.hasTokens()).toBe(false);
    expect(boundary.tokenRequests).toEqual([]);
  });

  it('is signed in under the stored id token’s email while that token is valid', async () => {
    const boundary = cognitoBoundary();
    boundary.storeTokens({
      idToken: idToken({ email: 'alice@example.com', sub: 'u-1' }),
      expiresAt: NOW.getTime() + 3_600_000,
    });
    const { result } = render(boundary);
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'signed-in', name: 'alice@example.com' }),
    );
    expect(result.current.hasTokens()).toBe(true);
    expect(boundary.tokenRequests).toEqual([]);
  });

  it('falls back to the user name, then the subject, then “you” for the name shown', async () => {
    for (const [claims, name] of [
      [{ 'cognito:username': 'bob', sub: 'u-2' }, 'bob'],
      [{ sub: 'u-3' }, 'u-3'],
      [{}, 'you'],
    ] as const) {
      const boundary = cognitoBoundary();
      boundary.storeTokens({ idToken: idToken(claims), expiresAt: NOW.getTime() + 3_600_000 });
      const { result, unmount } = render(boundary);
      await waitFor(() => expect(result.current.state).toEqual({ phase: 'signed-in', name }));
      unmount();
    }
  });

  it('signs in through the hosted UI: sends the browser there, then exchanges the returned code and clears the query', async () => {
    const boundary = cognitoBoundary();
    const first = render(boundary);
    await waitFor(() => expect(first.result.current.state.phase).toBe('signed-out'));
    await act(() => first.result.current.signIn());
    const authorize = new URL(first.navigated[0] ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${HOSTED_UI}/oauth2/authorize`);
    expect(boundary.items.has(PENDING_SIGN_IN_STORAGE_KEY)).toBe(true);
    first.unmount();

    // The hosted UI redirects back to the dashboard with the code and the state it was sent.
    boundary.tokenAnswer = answer(200, {
      id_token: idToken({ email: 'carol@example.com' }),
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 3600,
    });
    window.history.replaceState(
      null,
      '',
      `/?code=code-1&state=${authorize.searchParams.get('state') ?? ''}`,
    );
    const back = render(boundary);
    await waitFor(() =>
      expect(back.result.current.state).toEqual({ phase: 'signed-in', name: 'carol@example.com' }),
    );
    expect(boundary.tokenRequests).toEqual([
      expect.objectContaining({ grant_type: 'authorization_code', code: 'code-1' }),
    ]);
    expect(window.location.search).toBe('');
    expect(back.result.current.hasTokens()).toBe(true);
  });

  it('is signed out with the hosted UI’s error, and clears the query, when the redirect carries ?error=', async () => {
    const boundary = cognitoBoundary();
    window.history.replaceState(null, '', '/?error=access_denied&error_description=Denied');
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state.phase).toBe('signed-out'));
    const { state } = result.current;
    expect(state.phase === 'signed-out' && state.error).toBeInstanceOf(AuthError);
    expect(state.phase === 'signed-out' && String(state.error)).toContain('Denied');
    expect(window.location.search).toBe('');
  });

  it('refreshes an expired id token with the refresh token and sends the fresh one to the API', async () => {
    const boundary = cognitoBoundary();
    boundary.storeTokens({
      idToken: idToken({ email: 'old@example.com' }),
      refreshToken: 'refresh-1',
      expiresAt: NOW.getTime() - 1,
    });
    const fresh = idToken({ email: 'dave@example.com' });
    boundary.tokenAnswer = answer(200, { id_token: fresh, access_token: 'access-2' });
    const sent = fakeApi(200, { items: [] });
    const { result } = render(boundary);
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'signed-in', name: 'dave@example.com' }),
    );
    expect(boundary.tokenRequests[0]).toEqual({
      grant_type: 'refresh_token',
      client_id: 'client-123',
      refresh_token: 'refresh-1',
    });

    await expect(result.current.api.listPodcasts()).resolves.toEqual([]);
    expect(sent[0]?.['authorization']).toBe(`Bearer ${fresh}`);
    expect(boundary.tokenRequests).toHaveLength(1);
  });

  it('is signed out and forgets the tokens when the refresh is refused', async () => {
    const boundary = cognitoBoundary();
    boundary.storeTokens({
      idToken: idToken({ email: 'erin@example.com' }),
      refreshToken: 'refresh-revoked',
      expiresAt: NOW.getTime() - 1,
    });
    boundary.tokenAnswer = answer(400, { error: 'invalid_grant' });
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'signed-out' }));
    expect(boundary.items.has(TOKENS_STORAGE_KEY)).toBe(false);
    expect(result.current.hasTokens()).toBe(false);
  });

  it('is signed out when the id token has expired and there is no refresh token', async () => {
    const boundary = cognitoBoundary();
    boundary.storeTokens({
      idToken: idToken({ email: 'frank@example.com' }),
      expiresAt: NOW.getTime() - 1,
    });
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state).toEqual({ phase: 'signed-out' }));
    expect(boundary.tokenRequests).toEqual([]);
  });

  it('refuses an API call without a token: it says the session ended and signs the user out', async () => {
    const boundary = signedInBoundary('gina@example.com');
    const sent = fakeApi(200, { items: [] });
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state.phase).toBe('signed-in'));

    // The tokens were dropped (e.g. by another tab) between renders.
    boundary.items.delete(TOKENS_STORAGE_KEY);
    await act(() =>
      expect(result.current.api.listPodcasts()).rejects.toThrow(
        'Your session has ended. Sign in again.',
      ),
    );
    expect(result.current.state).toEqual({ phase: 'signed-out' });
    expect(sent).toEqual([]);
  });

  it('signs the user out when the API answers 401, forgetting the tokens and keeping the error', async () => {
    const boundary = signedInBoundary('hana@example.com');
    fakeApi(401, { error: { code: 'unauthorized', message: 'The token is not valid.' } });
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state.phase).toBe('signed-in'));

    let thrown: unknown;
    await act(async () => {
      thrown = await result.current.api.listPodcasts().catch((error: unknown) => error);
    });
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(401);
    expect(result.current.state).toEqual({ phase: 'signed-out', error: thrown });
    expect(boundary.items.has(TOKENS_STORAGE_KEY)).toBe(false);
  });

  it('keeps the user signed in when the API refuses a call for another reason', async () => {
    const boundary = signedInBoundary('ivan@example.com');
    fakeApi(403, { error: { code: 'forbidden', message: 'Not yours.' } });
    const { result } = render(boundary);
    await waitFor(() => expect(result.current.state.phase).toBe('signed-in'));

    await act(() => expect(result.current.api.getPodcast('job-1')).rejects.toThrow(ApiError));
    expect(result.current.state).toEqual({ phase: 'signed-in', name: 'ivan@example.com' });
    expect(boundary.items.has(TOKENS_STORAGE_KEY)).toBe(true);
  });

  it('signs out by forgetting the tokens and going to the hosted UI’s logout page', async () => {
    const boundary = signedInBoundary('jo@example.com');
    const { result, navigated } = render(boundary);
    await waitFor(() => expect(result.current.state.phase).toBe('signed-in'));

    act(() => result.current.signOut());
    expect(boundary.items.has(TOKENS_STORAGE_KEY)).toBe(false);
    expect(result.current.hasTokens()).toBe(false);
    const logout = new URL(navigated[0] ?? '');
    expect(logout.origin + logout.pathname).toBe(`${HOSTED_UI}/logout`);
    expect(Object.fromEntries(logout.searchParams)).toEqual({
      client_id: 'client-123',
      logout_uri: 'https://dashboard.example/',
    });
  });
});
