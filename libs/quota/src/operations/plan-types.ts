import type { UsageResult } from '../ledger-reads';

/** A request to move a user to another plan (a key of `PLANS`). */
export interface SetPlanRequest {
  readonly userId: string;
  readonly plan: string;
}

/**
 * What `setPlan` did: the plan before (undefined: none, the default) and after,
 * and the usage under the new plan's limit.
 */
export interface SetPlanResult {
  readonly previousPlan: string | undefined;
  readonly plan: string;
  readonly usage: UsageResult;
}
