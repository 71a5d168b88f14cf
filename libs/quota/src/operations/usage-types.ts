import type { UsageResult } from '../ledger-reads';

/**
 * Which user's usage to read, against which limit. Without `weeklyLimit`, the
 * limit is the weekly slots of the user's plan, taken from the same read.
 */
export interface UsageRequest {
  readonly userId: string;
  readonly weeklyLimit?: number;
}

/**
 * `QuotaLedger.usage`'s answer: the usage, and the user's `plan` attribute from
 * the same read (undefined when none is set, as `planOf` answers).
 */
export interface PlanUsageResult extends UsageResult {
  readonly plan: string | undefined;
}

/** Which job of which user to look up in the ledger. */
export interface WasChargedRequest {
  readonly userId: string;
  readonly jobId: string;
}
