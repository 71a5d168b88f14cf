import { DEFAULT_PLAN, type QuotaJobRecord, type UsageResult } from '@lumcast/quota';
import type { CommandOutcome, PlanReport } from './commands';

/**
 * The outcome as text for a person: a sentence saying what happened (for the writing commands),
 * then aligned `name value` lines of the user's usage after it.
 */
export function formatOutcome(outcome: CommandOutcome): string {
  const lines: string[] = [];
  switch (outcome.name) {
    case 'show':
      lines.push(...usageLines(outcome.userId, outcome.plan, outcome.usage));
      if (outcome.job !== undefined) lines.push(...jobLines(outcome.job.jobId, outcome.job.record));
      break;
    case 'grant': {
      const { result } = outcome;
      lines.push(
        result.outcome === 'granted'
          ? `granted ${result.slots} slots to ${outcome.userId} for ${result.week} (operation ${outcome.operationId})`
          : `already granted: operation ${outcome.operationId} gave ${outcome.userId} ${result.slots} slots for ${result.week} before; nothing changed`,
        ...usageLines(outcome.userId, outcome.plan, result.usage),
      );
      break;
    }
    case 'refund': {
      const { result, jobId, userId } = outcome;
      const sentence = {
        refunded: `refunded ${result.slots} slots of job ${jobId} to ${userId} in ${result.week}`,
        already_refunded: `already refunded: the ${result.slots} slots of job ${jobId} went back to ${userId} before; nothing changed`,
        not_charged: `not charged: job ${jobId} of ${userId} was never charged (no charge in the ledger); nothing refunded`,
        week_ended: `week ended: job ${jobId} was charged ${result.slots} slots in ${result.week}, which is over; nothing refunded`,
      }[result.outcome];
      lines.push(sentence, ...usageLines(userId, outcome.plan, result.usage));
      break;
    }
    case 'set-plan':
      lines.push(
        `plan of ${outcome.userId}: ${outcome.previousPlan ?? `none set (${DEFAULT_PLAN})`} → ${outcome.plan.effective}`,
        ...usageLines(outcome.userId, outcome.plan, outcome.usage),
      );
      break;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The outcome as one line of JSON (dates as ISO strings), for scripts: `--json`.
 */
export function formatOutcomeJson(outcome: CommandOutcome): string {
  return `${JSON.stringify(outcome)}\n`;
}

function usageLines(userId: string, plan: PlanReport, usage: UsageResult): string[] {
  const planText =
    plan.stored === undefined
      ? `${plan.effective} (none set)`
      : plan.stored === plan.effective
        ? plan.stored
        : `${plan.stored} (unknown: ${plan.effective}'s limits)`;
  return aligned([
    ['user', userId],
    ['plan', planText],
    ['week', usage.week],
    ['used', usage.used],
    ['reserved', usage.reserved],
    ['granted', usage.granted],
    ['limit', usage.limit],
    ['remaining', usage.remaining],
    ['inFlight', usage.inFlight],
    ['resetsAt', usage.resetsAt.toISOString()],
  ]);
}

function jobLines(jobId: string, record: QuotaJobRecord | undefined): string[] {
  if (record === undefined) return [`job ${jobId}: the ledger has no record of it`];
  return [
    `job ${jobId}:`,
    ...aligned([
      ['state', record.state],
      ['week', record.week],
      ['held', record.held],
      ['charged', record.charged],
      ['chargedWeek', record.chargedWeek ?? '-'],
      ['measured', record.measured ?? '-'],
    ]).map((line) => `  ${line}`),
  ];
}

function aligned(rows: ReadonlyArray<readonly [string, string | number]>): string[] {
  const width = Math.max(...rows.map(([name]) => name.length)) + 1;
  return rows.map(([name, value]) => `${name.padEnd(width)}${value}`);
}
