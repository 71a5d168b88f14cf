'use client';

import type { WeeklyFit } from '../domain/cost';

/**
 * What the new-episode form knows of the quota: enough for its hints.
 */
export type FormQuota = {
  remaining: number;
  limit: number;
  resetsAt?: string;
  inFlight?: number;
  maxInFlight?: number;
};

/**
 * A hint from the last quota the page loaded; the server decides, and its own message
 * replaces this one when it refuses.
 */
export function fitWarning(fit: WeeklyFit, cost: number, quota: FormQuota): string | undefined {
  if (fit === 'exceeds_limit') {
    return `This costs ${cost} slots, more than your whole weekly limit of ${quota.limit}. It will be refused; choose fewer minutes or a cheaper voice.`;
  }
  if (fit === 'exceeds_remaining') {
    return `This costs ${cost} slots but only ${quota.remaining} remain this week. It will likely be refused unless slots free up.`;
  }
  if (
    quota.inFlight !== undefined &&
    quota.maxInFlight !== undefined &&
    quota.inFlight >= quota.maxInFlight
  ) {
    return `You have ${quota.inFlight} episodes in progress, the most your plan runs at once. This one will likely be refused until one of them is done.`;
  }
  return undefined;
}

/**
 * The live estimated cost of the episode being drafted (of the slots remaining, when the
 * quota is known), or what to choose to see it. Announced politely as it changes.
 */
export function EpisodeCostQuote(props: {
  id: string;
  cost: number | undefined;
  quota?: FormQuota;
}) {
  const { cost } = props;
  return (
    <p id={props.id} className="episode-form__cost" aria-live="polite" data-testid="form-cost">
      {cost === undefined ? (
        'Choose a valid length and quality to see the cost.'
      ) : (
        <>
          Estimated cost:{' '}
          <strong>
            {cost} {cost === 1 ? 'slot' : 'slots'}
          </strong>
          {props.quota ? ` of ${props.quota.remaining} remaining` : ''}. You are charged for the
          length actually produced, never more than this estimate.
        </>
      )}
    </p>
  );
}
