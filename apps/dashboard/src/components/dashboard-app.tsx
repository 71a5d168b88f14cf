'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { createApiClient, type ApiClient } from '../api/api-client';
import { ApiError, AuthError, describeError } from '../api/errors';
import {
  loadRuntimeConfig,
  type CognitoConfig,
  type RuntimeConfig,
} from '../config/runtime-config';
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
import { readLocalUser, writeLocalUser } from '../identity/local-user';
import { Dashboard } from './dashboard';
import { PanelSkeleton } from './panel';
import { UserPicker } from './user-picker';

function Shell(props: { identity?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the dashboard
      </a>
      <header className="topbar">
        <div className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            ◉
          </span>
          <h1>Lumcast</h1>
        </div>
        <div className="topbar__identity">{props.identity}</div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}

function LoadingLayout(props: { label: string }) {
  return (
    <div className="grid" aria-busy="true">
      <div className="grid__column">
        <section className="panel">
          <PanelSkeleton lines={4} label={props.label} />
        </section>
      </div>
      <div className="grid__column">
        <section className="panel">
          <PanelSkeleton lines={6} label={props.label} />
        </section>
      </div>
    </div>
  );
}

/** Local stack: a development user picker; the chosen id goes in `x-lumcast-user`. */
function LocalIdentityApp() {
  const [user, setUser] = useState<string | undefined>();
  const [ready, setReady] = useState(false);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    setUser(readLocalUser(window.localStorage));
    setReady(true);
  }, []);

  const pick = useCallback((userId: string) => {
    writeLocalUser(window.localStorage, userId);
    setUser(userId);
    setPicking(false);
  }, []);

  const api = useMemo(
    () =>
      user === undefined
        ? undefined
        : createApiClient({ identityHeaders: async () => ({ 'x-lumcast-user': user }) }),
    [user],
  );

  const identity =
    user === undefined ? null : (
      <>
        <span>
          Signed in as <strong data-testid="current-user">{user}</strong>{' '}
          <span className="badge badge--dev">dev</span>
        </span>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={picking}
          onClick={() => setPicking((open) => !open)}
        >
          Switch user
        </button>
      </>
    );

  return (
    <Shell identity={identity}>
      {!ready ? (
        <LoadingLayout label="Loading…" />
      ) : user === undefined || picking ? (
        <section className="panel panel--picker" aria-labelledby="picker-title">
          <h2 id="picker-title" className="panel__title">
            {user === undefined ? 'Who are you?' : 'Switch user'}
          </h2>
          <UserPicker current={user} onPick={pick} />
        </section>
      ) : null}
      {ready && api !== undefined && user !== undefined ? <Dashboard key={user} api={api} /> : null}
    </Shell>
  );
}

type CognitoState =
  | { phase: 'checking' }
  | { phase: 'signed-out'; error?: unknown }
  | { phase: 'signed-in'; name: string };

/** AWS: Cognito hosted UI, authorization code + PKCE; `Authorization: Bearer <id token>`. */
function CognitoIdentityApp(props: { config: CognitoConfig }) {
  const [state, setState] = useState<CognitoState>({ phase: 'checking' });
  const env = useMemo<CognitoEnvironment>(
    () => ({
      config: props.config,
      storage: window.sessionStorage,
      crypto: window.crypto,
      fetch: window.fetch.bind(window),
      redirectUri: `${window.location.origin}/`,
      now: () => new Date(),
    }),
    [props.config],
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
        if (token === undefined) {
          setState({ phase: 'signed-out' });
          return;
        }
        const claims = displayClaims(token);
        const name = [claims['email'], claims['cognito:username'], claims['sub']].find(
          (value): value is string => typeof value === 'string',
        );
        setState({ phase: 'signed-in', name: name ?? 'you' });
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
      listPodcasts: signedOutOn401(client.listPodcasts),
      listPodcastsPage: signedOutOn401(client.listPodcastsPage),
      getPodcast: signedOutOn401(client.getPodcast),
      createPodcast: signedOutOn401(client.createPodcast),
    };
  }, [env]);

  const signIn = async () => window.location.assign(await beginSignIn(env));

  const identity =
    state.phase === 'signed-in' ? (
      <>
        <span>
          Signed in as <strong>{state.name}</strong>
        </span>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => window.location.assign(signOut(env))}
        >
          Sign out
        </button>
      </>
    ) : null;

  return (
    <Shell identity={identity}>
      {state.phase === 'checking' ? <LoadingLayout label="Signing you in…" /> : null}
      {state.phase === 'signed-out' ? (
        <section className="panel panel--picker" aria-labelledby="signin-title">
          <h2 id="signin-title" className="panel__title">
            Sign in to Lumcast
          </h2>
          {state.error !== undefined ? (
            <p className="panel-error" role="alert">
              {describeError(state.error)}
            </p>
          ) : null}
          <p>See your weekly slots, make episodes and listen to them.</p>
          <button type="button" className="button" onClick={() => void signIn()}>
            Sign in
          </button>
        </section>
      ) : null}
      {state.phase === 'signed-in' && readTokens(env.storage) !== undefined ? (
        <Dashboard api={api} />
      ) : null}
    </Shell>
  );
}

/**
 * The dashboard's root: loads `/config.json`, then runs the identity mode it names.
 *
 * @example
 * ```tsx
 * export default function Page() { return <DashboardApp />; }
 * ```
 */
export function DashboardApp() {
  const [config, setConfig] = useState<{ value?: RuntimeConfig; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadRuntimeConfig().then(
      (value) => !cancelled && setConfig({ value }),
      (error: unknown) => !cancelled && setConfig({ error }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (config.value?.identity === 'local') return <LocalIdentityApp />;
  if (config.value?.identity === 'cognito') return <CognitoIdentityApp config={config.value} />;
  return (
    <Shell>
      {config.error !== undefined ? (
        <section className="panel" aria-labelledby="config-error-title">
          <h2 id="config-error-title" className="panel__title">
            The dashboard could not start
          </h2>
          <p className="panel-error" role="alert">
            {describeError(config.error)}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setConfig({});
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </section>
      ) : (
        <LoadingLayout label="Loading…" />
      )}
    </Shell>
  );
}
