import type { UsageResult } from '../ledger-reads';

/**
 * Extra slots for one user's current week (a support credit or a top-up),
 * idempotent by `operationId`.
 */
export interface GrantRequest {
  readonly userId: string;
  /** Names the operation: granting twice with the same id grants once. At most 80 UTF-8 bytes. */
  readonly operationId: string;
  /** Whole slots, 1 to 100,000. */
  readonly slots: number;
  /** The user's weekly limit, for the usage reported after. */
  readonly weeklyLimit: number;
}

/** What `grant` did (`granted` or `already_granted`) and the usage after. */
export interface GrantResult {
  readonly outcome: 'granted' | 'already_granted';
  readonly week: string;
  readonly slots: number;
  readonly usage: UsageResult;
}
