'use client';

import { useEffect, useMemo, useState } from 'react';
import { createApiClient, type ApiClient } from '../api/api-client';
import { ApiError, AuthError } from '../api/errors';
import type { CognitoConfig } from '../config/runtime-config';
import {
  beginSignIn,
  completeSignIn,
  currentIdToken,
  readTokens,
  signOut,
  TOKENS_STORAGE_KEY,
  type CognitoEnvironment,
} from '../identity/cognito-session';
import { displayClaims } from '../identity/jwt-claims';

/**
 * Where the Cognito session is: being checked (after a redirect, or from stored tokens),
 * signed out (with the error that ended it, if any), or signed in under a display name.
 */
export type CognitoSessionState =
  | { phase: 'checking' }
  | { phase: 'signed-out'; error?: unknown }
  | { phase: 'signed-in'; name: string };

/**
 * What {@link useCognitoSession} gives the page.
 */
export interface CognitoSession {
  state: CognitoSessionState;
  /** The HTTP API with `Authorization: Bearer <id token>`; a 401 signs the user out. */
  api: ApiClient;
  /** Goes to the hosted UI's sign-in page (authorization code + PKCE). */
  signIn: () => Promise<void>;
  /** Forgets the tokens and goes to the hosted UI's sign-out page. */
  signOut: () => void;
  /** Whether tokens are stored now (they can be dropped between renders). */
  hasTokens: () => boolean;
}

/** The browser's session storage, crypto, fetch and clock, redirecting back to `/`. */
function browserEnvironment(config: CognitoConfig): CognitoEnvironment {
  return {
    config,
    storage: window.sessionStorage,
    crypto: window.crypto,
    fetch: window.fetch.bind(window),
    redirectUri: `${window.location.origin}/`,
    now: () => new Date(),
  };
}

/** A name to show for an id token: email, then user name, then subject. */
function displayName(idToken: string): string {
  const claims = displayClaims(idToken);
  const name = [claims['email'], claims['cognito:username'], claims['sub']].find(
    (value): value is string => typeof value === 'string',
  );
  return name ?? 'you';
}

/**
 * The Cognito session flow: completes a hosted-UI redirect (`?code=…&state=…`, then clears
 * the query), reads the stored tokens, refreshes them when they expire, and signs the user
 * out when the API answers 401 or the refresh fails. `navigate` defaults to
 * `window.location.assign`; `environment` to the browser's.
 *
 * @example
 * ```tsx
 * const session = useCognitoSession(config);
 * if (session.state.phase === 'signed-in') return <Dashboard api={session.api} />;
 * ```
 */
export function useCognitoSession(
  config: CognitoConfig,
  options: {
    environment?: CognitoEnvironment;
    navigate?: (url: string) => void;
  } = {},
): CognitoSession {
  const [state, setState] = useState<CognitoSessionState>({ phase: 'checking' });
  const { environment, navigate = (url: string) => window.location.assign(url) } = options;
  const env = useMemo<CognitoEnvironment>(
    () => environment ?? browserEnvironment(config),
    [config, environment],
  );

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const url = new URL(window.location.href);
        const fromRedirect = await completeSignIn(env, url);
        if (fromRedirect !== undefined || url.searchParams.has('error')) {
          window.history.replaceState(null, '', '/');
        }
        const token = await currentIdToken(env);
        if (cancelled) return;
        setState(
          token === undefined
            ? { phase: 'signed-out' }
            : { phase: 'signed-in', name: displayName(token) },
        );
      } catch (error) {
        window.history.replaceState(null, '', '/');
        if (!cancelled) setState({ phase: 'signed-out', error });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [env]);

  const api = useMemo<ApiClient>(() => {
    const client = createApiClient({
      identityHeaders: async () => {
        const token = await currentIdToken(env);
        if (token === undefined) {
          setState({ phase: 'signed-out' });
          throw new AuthError('Your session has ended. Sign in again.');
        }
        return { authorization: `Bearer ${token}` };
      },
    });
    // A 401 means the API no longer accepts the token: forget it and offer to sign in.
    const signedOutOn401 =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await call(...args);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) {
            env.storage.removeItem(TOKENS_STORAGE_KEY);
            setState({ phase: 'signed-out', error });
          }
          throw error;
        }
      };
    return {
      getQuota: signedOutOn401(client.getQuota),
      getOptions: signedOutOn401(client.getOptions),
      getUsageHistory: signedOutOn401(client.getUsageHistory),
      listPodcasts: signedOutOn401(client.listPodcasts),
      listPodcastsPage: signedOutOn401(client.listPodcastsPage),
      getPodcast: signedOutOn401(client.getPodcast),
      createPodcast: signedOutOn401(client.createPodcast),
      createSource: signedOutOn401(client.createSource),
      uploadSource: client.uploadSource,
      listFeeds: signedOutOn401(client.listFeeds),
      createFeed: signedOutOn401(client.createFeed),
      revokeFeed: signedOutOn401(client.revokeFeed),
      getPodcastScript: signedOutOn401(client.getPodcastScript),
      putPodcastScript: signedOutOn401(client.putPodcastScript),
      quotePodcastScript: signedOutOn401(client.quotePodcastScript),
      renderPodcast: signedOutOn401(client.renderPodcast),
      getSeriesHosts: signedOutOn401(client.getSeriesHosts),
      putSeriesHosts: signedOutOn401(client.putSeriesHosts),
    };
  }, [env]);

  return {
    state,
    api,
    signIn: async () => navigate(await beginSignIn(env)),
    signOut: () => navigate(signOut(env)),
    hasTokens: () => readTokens(env.storage) !== undefined,
  };
}
