/**
 * A request to charge a finished job.
 *
 * @example
 * ```ts
 * const request: SettleRequest = { userId: 'u-1', jobId: 'job-1', cost: 6, quotedCost: 4 };
 * ```
 */
export interface SettleRequest {
  readonly userId: string;
  readonly jobId: string;
  /** The measured cost of the audio, in whole slots (see `quotaCost`). */
  readonly cost: number;
  /**
   * The user's weekly limit in slots. Leave it out to have the ledger use the
   * user's own plan (`planLimitsFor(plan).weeklySlots`), read only when the
   * charge needs a limit: a job charged within its hold's week never does.
   */
  readonly weeklyLimit?: number;
  /**
   * The cost quoted (and held) when the job was requested. The charge is
   * `min(cost, quote)`; the ledger's record of the hold is the authority, and
   * this value only saves a round trip when it matches it.
   */
  readonly quotedCost?: number;
}

/**
 * What `settle` did. `charged`: `charged` slots (`min(measured, quoted)`) went
 * to `week` and the hold was freed, in one transaction. `already_charged`:
 * nothing changed. `over_limit`: the hold's week had ended and the current week
 * has no room, so nothing was charged and the hold was released. `released`:
 * the job was released (failed or cancelled) before; it is never charged.
 *
 * @example
 * ```ts
 * if (result.outcome === 'charged') await markReady(result.charged);
 * ```
 */
export type SettleResult =
  | {
      readonly outcome: 'charged';
      readonly week: string;
      readonly charged: number;
      readonly measured: number;
      readonly quoted: number | undefined;
    }
  | { readonly outcome: 'already_charged'; readonly week: string; readonly charged: number }
  | {
      readonly outcome: 'over_limit';
      readonly week: string;
      readonly measured: number;
      readonly remaining: number;
      readonly limit: number;
    }
  | { readonly outcome: 'released' };

/**
 * A request to free a failed job's hold.
 *
 * @example
 * ```ts
 * const request: ReleaseRequest = { userId: 'u-1', jobId: 'job-1', heldCost: 4 };
 * ```
 */
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
 *
 * @example
 * ```ts
 * if (result.outcome === 'already_charged') return finishAsReady();
 * ```
 */
export type ReleaseResult =
  | { readonly outcome: 'released'; readonly freed: number }
  | { readonly outcome: 'already_released' }
  | { readonly outcome: 'already_charged'; readonly week: string; readonly charged: number };
