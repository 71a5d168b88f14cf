'use client';

import { describeError } from '../api/errors';
import type { CognitoConfig } from '../config/runtime-config';
import { useCognitoSession } from '../hooks/use-cognito-session';
import { Dashboard } from './dashboard';
import { LoadingLayout } from './loading-layout';
import { Shell } from './shell';

/**
 * AWS: Cognito hosted UI, authorization code + PKCE; `Authorization: Bearer <id token>`.
 * The session flow is {@link useCognitoSession}; this is its page.
 */
export function CognitoIdentityApp(props: { config: CognitoConfig }) {
  const session = useCognitoSession(props.config);
  const { state } = session;

  const identity =
    state.phase === 'signed-in' ? (
      <>
        <span>
          Signed in as <strong>{state.name}</strong>
        </span>
        <button type="button" className="button button--secondary" onClick={session.signOut}>
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
          <button type="button" className="button" onClick={() => void session.signIn()}>
            Sign in
          </button>
        </section>
      ) : null}
      {state.phase === 'signed-in' && session.hasTokens() ? <Dashboard api={session.api} /> : null}
    </Shell>
  );
}
