import type { ReactNode } from 'react';

/**
 * The accessibility wiring a field's control needs: its id (the label points at it),
 * `aria-invalid` while it has an error, and `aria-describedby` naming the hint and the error.
 */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One form field: a label, the control (given its id and ARIA attributes), an optional hint
 * (`<id>-hint`) and an optional error (`<id>-error`), both described by the control.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const describedBy = [props.hint === undefined ? '' : hintId, props.error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children({
        id: props.id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {props.hint === undefined ? null : (
        <span id={hintId} className="hint">
          {props.hint}
        </span>
      )}
      {props.error ? (
        <span id={errorId} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
