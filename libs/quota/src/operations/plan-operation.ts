import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { toQuotaError } from '../aws-errors';
import { QuotaInputError } from '../errors';
import { userKey, type LedgerContext } from '../ledger-context';
import { readUser, usageAfter } from '../ledger-reads';
import { PLANS, isPlan } from '../plans';
import { USER_PLAN_ATTRIBUTE } from '../users-table';
import { assertRequest, assertUserId } from '../validation';
import type { SetPlanRequest, SetPlanResult } from './plan-types';

/**
 * `QuotaLedger.planOf`: the user's `plan` attribute (undefined when none is set), one consistent read.
 */
export async function planOf(context: LedgerContext, userId: string): Promise<string | undefined> {
  assertUserId(userId);
  return (await readUser(context, userId, true)).plan;
}

/**
 * `QuotaLedger.setPlan`: sets the user's plan and answers the previous one with the usage under the new limit.
 */
export async function setPlan(
  context: LedgerContext,
  request: SetPlanRequest,
): Promise<SetPlanResult> {
  assertRequest(request);
  const { userId, plan } = request;
  assertUserId(userId);
  if (!isPlan(plan)) {
    throw new QuotaInputError(
      'plan',
      `must be one of ${Object.keys(PLANS).join(', ')}, got ${JSON.stringify(plan)}`,
    );
  }
  let previous: string | undefined;
  try {
    const output = await context.client.send(
      new UpdateItemCommand({
        TableName: context.tableName,
        Key: userKey(userId),
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': USER_PLAN_ATTRIBUTE },
        ExpressionAttributeValues: { ':plan': { S: plan } },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    previous = output.Attributes?.[USER_PLAN_ATTRIBUTE]?.S;
  } catch (error) {
    throw toQuotaError(error, context.tableName);
  }
  const limit = (PLANS[plan] as { weeklySlots: number }).weeklySlots;
  return { previousPlan: previous, plan, usage: await usageAfter(context, userId, limit) };
}
