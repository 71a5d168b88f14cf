import type { UsageResult } from './ledger-types';

/**
 * A request to move a user to another plan (a key of `PLANS`).
 *
 * @example
 * ```ts
 * const request: SetPlanRequest = { userId: 'u-1', plan: 'creator' };
 * ```
 */
export interface SetPlanRequest {
  readonly userId: string;
  readonly plan: string;
}

/**
 * What `setPlan` did: the plan before (undefined: none, the default) and after,
 * and the usage under the new plan's limit.
 *
 * @example
 * ```ts
 * console.log(`${result.previousPlan ?? 'free'} → ${result.plan}: ${result.usage.remaining} left`);
 * ```
 */
export interface SetPlanResult {
  readonly previousPlan: string | undefined;
  readonly plan: string;
  readonly usage: UsageResult;
}
