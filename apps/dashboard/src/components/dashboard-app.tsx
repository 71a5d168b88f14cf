'use client';

import { useEffect, useState } from 'react';
import { describeError } from '../api/errors';
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { CognitoIdentityApp } from './cognito-identity-app';
import { LoadingLayout } from './loading-layout';
import { LocalIdentityApp } from './local-identity-app';
import { Shell } from './shell';

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
