import type { QuotaLedger } from '@lumcast/quota';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiError } from './http';

/**
 * Counts a review job as one of the caller's drafts this week (`QuotaLedger.countDraft`, under
 * the plan's `weeklyDrafts`): undefined when it counts (or was counted before), else the 429
 * `draft_limit` with the week's figures and `retryAt`, the next week's start. No slot is held.
 *
 * @example
 * ```ts
 * const refused = await draftRefusal(deps.ledger, userId, jobId);
 * if (refused) return refused;
 * ```
 */
export async function draftRefusal(
  ledger: QuotaLedger,
  userId: string,
  jobId: string,
): Promise<APIGatewayProxyStructuredResultV2 | undefined> {
  const draft = await ledger.countDraft({ userId, jobId });
  if (draft.outcome !== 'over_limit') return undefined;
  const { drafts, retryAt } = draft;
  return apiError(
    429,
    'draft_limit',
    `You have written ${drafts.counted} of your plan's ${drafts.limit} drafts this week; they reset at ${drafts.resetsAt.toISOString()}. Nothing was charged.`,
    { drafts: drafts.counted, limit: drafts.limit, retryAt: retryAt.toISOString() },
  );
}
