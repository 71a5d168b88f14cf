import { useId, type ReactNode } from 'react';
import { describeError } from '../api/errors';

/**
 * A titled dashboard section; `busy` marks it as loading for assistive technology.
 */
export function Panel(props: {
  title: string;
  busy?: boolean;
  className?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`panel ${props.className ?? ''}`}
      aria-labelledby={headingId}
      aria-busy={props.busy ? true : undefined}
    >
      <div className="panel__header">
        <h2 id={headingId} className="panel__title">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

/** How many line widths the skeleton cycles through (`.skeleton__line--0` … `--5` in globals.css). */
const SKELETON_WIDTHS = 6;

/**
 * Grey placeholder lines shown while a panel loads. Their widths come from classes, not a
 * `style` attribute: the page is served with a Content-Security-Policy that allows no inline
 * style, and this markup is in the static export.
 */
export function PanelSkeleton(props: { lines?: number; label?: string }) {
  const lines = props.lines ?? 3;
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{props.label ?? 'Loading…'}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          className={`skeleton__line skeleton__line--${index % SKELETON_WIDTHS}`}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

/**
 * A panel's error state: what went wrong and a way to try again.
 */
export function PanelError(props: { error: unknown; onRetry?: () => void; what?: string }) {
  return (
    <div className="panel-error" role="alert">
      <p>
        <strong>{props.what ?? 'This panel could not load.'}</strong> {describeError(props.error)}
      </p>
      {props.onRetry ? (
        <button type="button" className="button button--secondary" onClick={props.onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
