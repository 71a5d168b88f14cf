import { setTimeout as sleepFor } from 'node:timers/promises';
import type { ProviderPacer } from '@lumcast/pacing';

/**
 * How a Lambda takes its turn at a shared provider limit:
 * - `lambdaWaitLimitMs`: the longest a function sleeps for its turn (it is billed while it
 *   sleeps); a later turn goes back to the state machine, whose Wait state costs nothing.
 * - `lineHorizonMs`: how far ahead a reserved turn may be granted; a longer line is deferred.
 * - `wakeBeforeMs`: how long before a reserved start the state machine's Wait ends (Step Functions
 *   truncates a Wait timestamp to the second, and the function needs a moment to be invoked).
 * - `startLeadMs`: the least time from a grant to its start (one pacing round trip), so a start
 *   granted on a short line is kept to the millisecond by the function's timer.
 * - `headroom`: the share of the provider's quota paced: two starts granted exactly a second apart
 *   can reach the provider a little less than a second apart, which a sliding window throttles.
 */
export const TURN_POLICY = Object.freeze({
  lambdaWaitLimitMs: 2000,
  lineHorizonMs: 120_000,
  wakeBeforeMs: 1000,
  startLeadMs: 100,
  headroom: 0.95,
});

/**
 * What a turn answers: call the provider now (the function already slept until its start), or
 * return to the state machine and be invoked again at `waitUntil` (an ISO timestamp in whole
 * seconds), holding the reserved `startAt` when there is one.
 */
export type Turn =
  | { readonly kind: 'go' }
  | { readonly kind: 'wait'; readonly waitUntil: string; readonly startAt?: string };

/** Options of {@link ProviderTurns}. */
export interface ProviderTurnsOptions {
  readonly pacer: ProviderPacer;
  /** The shared limit's key, e.g. `polly:neural`. */
  readonly key: string;
  /** The provider's quota for the key, in calls per second (paced at {@link TURN_POLICY}'s headroom). */
  readonly quotaPerSecond: number;
  readonly now?: () => Date;
  readonly sleep?: (ms: number) => Promise<unknown>;
}

/**
 * Turns at one provider key for a Lambda function: sleeps a short wait itself, and hands a long one
 * to the state machine.
 */
export class ProviderTurns {
  /** The clock turns are judged on. */
  readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<unknown>;
  private readonly ratePerSecond: number;

  constructor(private readonly options: ProviderTurnsOptions) {
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => sleepFor(ms));
    this.ratePerSecond = options.quotaPerSecond * TURN_POLICY.headroom;
  }

  /** The key this paces. */
  get key(): string {
    return this.options.key;
  }

  /**
   * A reserved turn: a place in line up to {@link TURN_POLICY}'s horizon, kept across the state
   * machine's Wait by handing `startAt` back. `heldStartAt` (from the previous invocation) is used
   * while it is still ahead; a start already passed (the function ran late, or a Retry runs after
   * the call) takes a new place. `maxSleepMs` (default the Lambda wait limit) is what this
   * invocation may still sleep; a later start goes back to the state machine.
   */
  async reserved(
    heldStartAt?: string,
    maxSleepMs: number = TURN_POLICY.lambdaWaitLimitMs,
  ): Promise<Turn> {
    const nowMs = this.now().getTime();
    const held = heldStartAt === undefined ? Number.NaN : Date.parse(heldStartAt);
    let startMs: number;
    if (held > nowMs) {
      startMs = held;
    } else {
      const answer = await this.options.pacer.acquire({
        key: this.options.key,
        ratePerSecond: this.ratePerSecond,
        maxWaitMs: TURN_POLICY.lineHorizonMs,
      });
      if (answer.outcome === 'deferred')
        return { kind: 'wait', waitUntil: ceilSecond(answer.retryAt.getTime()) };
      startMs = answer.startAt.getTime();
    }
    return this.goOrWait(startMs, maxSleepMs);
  }

  /**
   * A short turn: granted within {@link TURN_POLICY}'s Lambda wait limit and slept, or nothing
   * taken and the function is asked to come back when the line would fit.
   */
  async short(): Promise<Turn> {
    const answer = await this.options.pacer.acquire({
      key: this.options.key,
      ratePerSecond: this.ratePerSecond,
      maxWaitMs: TURN_POLICY.lambdaWaitLimitMs,
    });
    if (answer.outcome === 'deferred')
      return { kind: 'wait', waitUntil: ceilSecond(answer.retryAt.getTime()) };
    return this.goOrWait(answer.startAt.getTime(), TURN_POLICY.lambdaWaitLimitMs);
  }

  private async goOrWait(startMs: number, maxSleepMs: number): Promise<Turn> {
    const waitMs = startMs - this.now().getTime();
    if (waitMs <= maxSleepMs) {
      if (waitMs > 0) await this.sleep(waitMs);
      return { kind: 'go' };
    }
    return {
      kind: 'wait',
      waitUntil: floorSecond(startMs - TURN_POLICY.wakeBeforeMs),
      startAt: new Date(startMs).toISOString(),
    };
  }
}

function floorSecond(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

function ceilSecond(ms: number): string {
  return new Date(Math.ceil(ms / 1000) * 1000).toISOString();
}
