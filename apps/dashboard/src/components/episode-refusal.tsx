'use client';

import type { ApiError } from '../api/errors';
import { formatLocalDateTime } from '../domain/time-format';

/** A date the server sent (`retryAt`, `resetsAt`), if it is one. */
function dateDetail(details: Readonly<Record<string, unknown>>, key: string): Date | undefined {
  const value = details[key];
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A refusal from the server: its message as it came, and when trying again can succeed.
 */
export interface Refusal {
  message: string;
  retryAt?: Date;
}

/**
 * The refusal an API error carries: the server's words, unchanged (it knows what it held
 * and why it refused), and its `retryAt` (else `resetsAt`) detail when that is a date.
 */
export function refusalOf(error: ApiError): Refusal {
  const retryAt = dateDetail(error.details, 'retryAt') ?? dateDetail(error.details, 'resetsAt');
  return retryAt === undefined ? { message: error.message } : { message: error.message, retryAt };
}

/**
 * The server's refusal word for word, with the local time it says to try again from.
 */
export function EpisodeRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <div className="panel-error" role="alert" data-testid="form-refusal">
      <p data-testid="form-refusal-message">{refusal.message}</p>
      {refusal.retryAt ? (
        <p className="muted">
          You can try again from{' '}
          <time dateTime={refusal.retryAt.toISOString()}>
            {formatLocalDateTime(refusal.retryAt)}
          </time>
          .
        </p>
      ) : null}
    </div>
  );
}
