'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { createApiClient } from '../api/api-client';
import { readLocalUser, writeLocalUser } from '../identity/local-user';
import { Dashboard } from './dashboard';
import { LoadingLayout } from './loading-layout';
import { Shell } from './shell';
import { UserPicker } from './user-picker';

/**
 * Local stack: a development user picker; the chosen id goes in `x-lumcast-user`.
 */
export function LocalIdentityApp() {
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
