/** A request to count one job as a draft (a script written for review, nothing spoken). */
export interface DraftRequest {
  readonly userId: string;
  /** At most 80 UTF-8 bytes; the same job is counted at most once. */
  readonly jobId: string;
  /** Drafts allowed per week; without it, the user's plan's `weeklyDrafts`. */
  readonly weeklyDrafts?: number;
}

/** A user's drafts in one week; `resetsAt` is the next Monday 00:00Z. */
export interface DraftUsage {
  readonly week: string;
  readonly counted: number;
  readonly limit: number;
  readonly remaining: number;
  readonly resetsAt: Date;
}

/**
 * What `countDraft` did. `counted`: the draft counts in `week` against `limit`.
 * `already_counted`: this job was counted before (in `week`); nothing changed.
 * `over_limit`: the week's drafts are used up; nothing was written, and `retryAt`
 * is the next week's start.
 */
export type DraftResult =
  | { readonly outcome: 'counted'; readonly week: string; readonly limit: number }
  | { readonly outcome: 'already_counted'; readonly week: string }
  | { readonly outcome: 'over_limit'; readonly drafts: DraftUsage; readonly retryAt: Date };
