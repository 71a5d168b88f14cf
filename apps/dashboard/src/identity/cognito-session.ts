import { AuthError } from '../api/errors';
import type { CognitoConfig } from '../config/runtime-config';
import { codeChallengeS256, randomUrlSafeString } from './pkce';

/** sessionStorage key of the signed-in tokens. */
export const TOKENS_STORAGE_KEY = 'lumcast.cognitoTokens';
/** sessionStorage key of the pending PKCE verifier and OAuth state. */
export const PENDING_SIGN_IN_STORAGE_KEY = 'lumcast.pendingSignIn';
/** Tokens this close to expiry are refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The tokens kept in sessionStorage after signing in.
 */
export interface CognitoTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * Everything the sign-in flow touches, passed in so it runs in tests without a browser.
 */
export interface CognitoEnvironment {
  config: CognitoConfig;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  crypto: Crypto;
  fetch: typeof fetch;
  /** Must be one of the app client's callback URLs. */
  redirectUri: string;
  now: () => Date;
}

/**
 * The hosted UI's origin for a config: `cognitoDomain` may be a host name, a URL, or a bare prefix.
 */
export function hostedUiOrigin(config: CognitoConfig): string {
  const domain = config.cognitoDomain.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const host = domain.includes('.') ? domain : `${domain}.auth.${config.region}.amazoncognito.com`;
  return `https://${host}`;
}

/**
 * Starts signing in: stores a fresh PKCE verifier and state, and returns the
 * hosted UI's authorize URL to navigate to.
 *
 * @example
 * ```ts
 * window.location.assign(await beginSignIn(env));
 * ```
 */
export async function beginSignIn(env: CognitoEnvironment): Promise<string> {
  const verifier = randomUrlSafeString(env.crypto, 32);
  const state = randomUrlSafeString(env.crypto, 16);
  env.storage.setItem(PENDING_SIGN_IN_STORAGE_KEY, JSON.stringify({ verifier, state }));
  const url = new URL('/oauth2/authorize', hostedUiOrigin(env.config));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', env.config.userPoolClientId);
  url.searchParams.set('redirect_uri', env.redirectUri);
  url.searchParams.set('scope', 'openid');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await codeChallengeS256(env.crypto.subtle, verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

async function requestTokens(
  env: CognitoEnvironment,
  form: Record<string, string>,
  previousRefreshToken?: string,
): Promise<CognitoTokens> {
  let response: Response;
  try {
    response = await env.fetch(new URL('/oauth2/token', hostedUiOrigin(env.config)).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  } catch (cause) {
    throw new AuthError('Could not reach the sign-in service.', { cause });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new AuthError(
      `Sign-in was refused: ${typeof body['error'] === 'string' ? body['error'] : `HTTP ${response.status}`}`,
    );
  }
  const { id_token, access_token, refresh_token, expires_in } = body;
  if (typeof id_token !== 'string' || typeof access_token !== 'string') {
    throw new AuthError('The sign-in service answered without an id token.');
  }
  const tokens: CognitoTokens = {
    idToken: id_token,
    accessToken: access_token,
    refreshToken: typeof refresh_token === 'string' ? refresh_token : previousRefreshToken,
    expiresAt: env.now().getTime() + (typeof expires_in === 'number' ? expires_in : 3600) * 1000,
  };
  env.storage.setItem(TOKENS_STORAGE_KEY, JSON.stringify(tokens));
  return tokens;
}

/**
 * Finishes signing in when `url` is the hosted UI's redirect (`?code=&state=`):
 * checks the state, exchanges the code with the stored verifier, stores the tokens.
 * Returns `undefined` when the URL is not a sign-in redirect.
 *
 * @throws AuthError on a state mismatch, an `?error=` redirect or a refused exchange.
 * @example
 * ```ts
 * const tokens = await completeSignIn(env, new URL(window.location.href));
 * ```
 */
export async function completeSignIn(
  env: CognitoEnvironment,
  url: URL,
): Promise<CognitoTokens | undefined> {
  const error = url.searchParams.get('error');
  if (error !== null) {
    throw new AuthError(`Sign-in failed: ${url.searchParams.get('error_description') ?? error}`);
  }
  const code = url.searchParams.get('code');
  if (code === null) return undefined;
  const pendingText = env.storage.getItem(PENDING_SIGN_IN_STORAGE_KEY);
  env.storage.removeItem(PENDING_SIGN_IN_STORAGE_KEY);
  const pending =
    pendingText === null ? undefined : (JSON.parse(pendingText) as Record<string, unknown>);
  if (pending === undefined || pending['state'] !== url.searchParams.get('state')) {
    throw new AuthError(
      'The sign-in answer does not match the request that started it. Sign in again.',
    );
  }
  return requestTokens(env, {
    grant_type: 'authorization_code',
    client_id: env.config.userPoolClientId,
    code,
    redirect_uri: env.redirectUri,
    code_verifier: String(pending['verifier']),
  });
}

/**
 * The stored tokens, or `undefined` when there are none or they are unreadable.
 */
export function readTokens(storage: Pick<Storage, 'getItem'>): CognitoTokens | undefined {
  const text = storage.getItem(TOKENS_STORAGE_KEY);
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<CognitoTokens>;
    if (typeof value.idToken !== 'string' || typeof value.expiresAt !== 'number') return undefined;
    return value as CognitoTokens;
  } catch {
    return undefined;
  }
}

/**
 * An id token valid for at least another minute, refreshing it when possible;
 * `undefined` when the user has to sign in again.
 */
export async function currentIdToken(env: CognitoEnvironment): Promise<string | undefined> {
  const tokens = readTokens(env.storage);
  if (tokens === undefined) return undefined;
  if (tokens.expiresAt - EXPIRY_MARGIN_MS > env.now().getTime()) return tokens.idToken;
  if (tokens.refreshToken === undefined) return undefined;
  try {
    const fresh = await requestTokens(
      env,
      {
        grant_type: 'refresh_token',
        client_id: env.config.userPoolClientId,
        refresh_token: tokens.refreshToken,
      },
      tokens.refreshToken,
    );
    return fresh.idToken;
  } catch {
    env.storage.removeItem(TOKENS_STORAGE_KEY);
    return undefined;
  }
}

/**
 * Forgets the tokens and returns the hosted UI's logout URL.
 */
export function signOut(env: CognitoEnvironment): string {
  env.storage.removeItem(TOKENS_STORAGE_KEY);
  const url = new URL('/logout', hostedUiOrigin(env.config));
  url.searchParams.set('client_id', env.config.userPoolClientId);
  url.searchParams.set('logout_uri', env.redirectUri);
  return url.toString();
}
