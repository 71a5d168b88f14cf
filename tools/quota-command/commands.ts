import {
  DEFAULT_PLAN,
  isPlan,
  planLimitsFor,
  type GrantResult,
  type QuotaJobRecord,
  type QuotaLedger,
  type RefundResult,
  type UsageResult,
} from '@lumcast/quota';
import type { QuotaCommand } from './arguments';

/**
 * The user's plan as the command reports it: the stored name (undefined: none set) and the plan
 * whose limits apply (`DEFAULT_PLAN` for none or an unknown name, as `planLimitsFor` decides).
 */
export interface PlanReport {
  readonly stored: string | undefined;
  readonly effective: string;
}

/**
 * What one run of a subcommand did, with the user's usage after it.
 */
export type CommandOutcome =
  | {
      readonly name: 'show';
      readonly userId: string;
      readonly plan: PlanReport;
      readonly usage: UsageResult;
      /** Only with `--job`: the job asked about and the ledger's record of it (undefined: none). */
      readonly job?: { readonly jobId: string; readonly record: QuotaJobRecord | undefined };
    }
  | {
      readonly name: 'grant';
      readonly userId: string;
      readonly operationId: string;
      readonly plan: PlanReport;
      readonly result: GrantResult;
    }
  | {
      readonly name: 'refund';
      readonly userId: string;
      readonly jobId: string;
      readonly plan: PlanReport;
      readonly result: RefundResult;
    }
  | {
      readonly name: 'set-plan';
      readonly userId: string;
      readonly previousPlan: string | undefined;
      readonly plan: PlanReport;
      readonly usage: UsageResult;
    };

/**
 * Runs one subcommand against the ledger. The weekly limit is always the user's own plan's
 * (`planLimitsFor(await ledger.planOf(userId))`), read just before.
 *
 * @throws whatever the ledger throws (`QuotaError` subclasses, SDK errors).
 */
export async function runCommand(
  ledger: QuotaLedger,
  command: QuotaCommand,
): Promise<CommandOutcome> {
  const { userId } = command;
  if (command.name === 'set-plan') {
    const result = await ledger.setPlan({ userId, plan: command.plan });
    return {
      name: 'set-plan',
      userId,
      previousPlan: result.previousPlan,
      plan: planReport(result.plan),
      usage: result.usage,
    };
  }
  const plan = planReport(await ledger.planOf(userId));
  const weeklyLimit = planLimitsFor(plan.stored).weeklySlots;
  switch (command.name) {
    case 'show': {
      const usage = await ledger.usage({ userId, weeklyLimit });
      if (command.jobId === undefined) return { name: 'show', userId, plan, usage };
      const record = await ledger.lookupJob({ userId, jobId: command.jobId });
      return { name: 'show', userId, plan, usage, job: { jobId: command.jobId, record } };
    }
    case 'grant': {
      const { operationId, slots } = command;
      const result = await ledger.grant({ userId, operationId, slots, weeklyLimit });
      return { name: 'grant', userId, operationId, plan, result };
    }
    case 'refund': {
      const result = await ledger.refund({ userId, jobId: command.jobId, weeklyLimit });
      return { name: 'refund', userId, jobId: command.jobId, plan, result };
    }
  }
}

function planReport(stored: string | undefined): PlanReport {
  return { stored, effective: isPlan(stored) ? stored : DEFAULT_PLAN };
}
