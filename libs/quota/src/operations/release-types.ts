/** A request to free a failed job's hold. */
export interface ReleaseRequest {
  readonly userId: string;
  readonly jobId: string;
  /** The cost held at reservation, if known: it saves a round trip when it matches the record. */
  readonly heldCost?: number;
}

/**
 * What `release` did. `released`: the job can never be charged now, and `freed`
 * slots went back to its week (0 when there was no hold, or its week ended).
 * `already_released`: nothing changed. `already_charged`: the job was settled
 * before, so it is not a failure (`week`, `charged` say where and how much).
 */
export type ReleaseResult =
  | { readonly outcome: 'released'; readonly freed: number }
  | { readonly outcome: 'already_released' }
  | { readonly outcome: 'already_charged'; readonly week: string; readonly charged: number };
