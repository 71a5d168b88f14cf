'use client';

import { useId, useState, type FormEvent } from 'react';
import { LOCAL_USER_PRESETS, validateLocalUserId } from '../identity/local-user';

/**
 * Development-only identity picker (local stack): presets plus free text.
 */
export function UserPicker(props: { current?: string; onPick: (userId: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateLocalUserId(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    setText('');
    props.onPick(checked.userId);
  }

  return (
    <div className="user-picker">
      <p className="user-picker__note">
        <strong>Development sign-in.</strong> The local stack trusts the user you pick here.
      </p>
      <div className="user-picker__presets" role="group" aria-label="Preset users">
        {LOCAL_USER_PRESETS.map((user) => (
          <button
            key={user}
            type="button"
            className={`button button--chip ${props.current === user ? 'button--selected' : ''}`}
            aria-pressed={props.current === user}
            onClick={() => props.onPick(user)}
          >
            {user}
          </button>
        ))}
      </div>
      <form className="user-picker__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Other user</label>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Use
        </button>
        {error ? (
          <span id={errorId} className="field-error">
            {error}
          </span>
        ) : null}
      </form>
    </div>
  );
}
