/** A request to charge a finished job. */
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
