import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { checkAcquireRequest, type AcquireRequest } from './acquire-request';
import { PacingContentionError, PacingInputError } from './errors';
import { joinLine, openLine, type LineWrite } from './line-writes';

/** What `acquire` answers: a start time, or when to ask again. */
export type AcquireResult =
  | {
      /** The caller may start its call at `startAt`, between now and now + `maxWaitMs`. */
      readonly outcome: 'granted';
      readonly startAt: Date;
    }
  | {
      /** The line is longer than `maxWaitMs`; nothing was taken. Ask again at `retryAt`. */
      readonly outcome: 'deferred';
      readonly retryAt: Date;
    };

/** Options of {@link ProviderPacer}. */
export interface ProviderPacerOptions {
  /** The DynamoDB client, created once per container by the caller. */
  readonly client: DynamoDBClient;
  /** The pacing table (partition key {@link PACING_TABLE_KEY}, TTL on `expiresAt`). */
  readonly tableName: string;
  /** The clock; default `() => new Date()`. */
  readonly now?: () => Date;
  /**
   * The least time from now to a granted start, in ms (default 0, at most a request's
   * `maxWaitMs`). A start granted for this very instant reaches the provider late by the grant's
   * own round trip, while one granted further ahead is kept to the millisecond by the caller's
   * timer; a lead of about one DynamoDB round trip keeps the starts' spacing when the line is short.
   */
  readonly startLeadMs?: number;
}

/** How many conditional writes one `acquire` tries before {@link PacingContentionError}. */
const MAX_WRITES = 6;

/**
 * Grants start times for calls to a shared provider limit (Polly's requests per second per
 * engine, Bedrock's requests per minute per model) across every caller, with one small item per
 * key and one conditional write per grant: no lock, no transaction, no scan, no cron.
 *
 * The item holds the key's next free instant. A grant takes the next `cost / ratePerSecond`
 * seconds of the line: `nextFreeAt += slot` under the condition that the line is open and no
 * longer than the caller's `maxWaitMs` (the design post's first tier, applied to time), or, on an
 * idle key, `nextFreeAt = now + slot` under the condition that the line has drained (the second
 * tier). Grants are first come, first served in the serial order of those writes; see the
 * README for why the rate holds in every second.
 *
 * @example
 * ```ts
 * const pacer = new ProviderPacer({ client: dynamodb, tableName: 'lumcast-dev-pacing' });
 * const turn = await pacer.acquire({ key: 'polly:neural', ratePerSecond: 8, maxWaitMs: 60_000 });
 * if (turn.outcome === 'granted') {
 *   await sleepUntil(turn.startAt);
 *   await polly.send(new SynthesizeSpeechCommand(input));
 * } else {
 *   await sleepUntil(turn.retryAt); // then ask again
 * }
 * ```
 */
export class ProviderPacer {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;
  private readonly startLeadMs: number;
  /** The next free instant each key last showed this container: which tier to try first. */
  private readonly lastSeenNextFreeAt = new Map<string, number>();

  constructor(options: ProviderPacerOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
    const lead = options.startLeadMs ?? 0;
    if (!Number.isFinite(lead) || lead < 0)
      throw new PacingInputError(
        'startLeadMs',
        `must be a finite number of at least 0, not ${lead}`,
      );
    this.startLeadMs = lead;
  }

  /**
   * A start time for one call to `key`, or when to ask again. Bad input throws
   * {@link PacingInputError} before any I/O; a table failure throws `PacingStoreError`.
   *
   * @example
   * ```ts
   * const turn = await pacer.acquire({ key: 'bedrock:model', ratePerSecond: 100 / 60, maxWaitMs: 3000 });
   * ```
   */
  async acquire(request: AcquireRequest): Promise<AcquireResult> {
    const { key, slotMs, maxWaitMs } = checkAcquireRequest(request);
    const nowMs = this.currentMs();
    const write: LineWrite = {
      client: this.client,
      tableName: this.tableName,
      key,
      slotMs,
      earliestStartMs: nowMs + Math.min(this.startLeadMs, maxWaitMs),
      latestStartMs: nowMs + maxWaitMs,
    };
    const seen = this.lastSeenNextFreeAt.get(key);
    let tier: 'join' | 'open' =
      seen !== undefined && seen < write.earliestStartMs ? 'open' : 'join';
    for (let attempt = 0; attempt < MAX_WRITES; attempt++) {
      const answer = tier === 'join' ? await joinLine(write) : await openLine(write);
      if (answer.nextFreeAt !== undefined) this.lastSeenNextFreeAt.set(key, answer.nextFreeAt);
      if (answer.startAtMs !== undefined)
        return { outcome: 'granted', startAt: new Date(Math.ceil(answer.startAtMs)) };
      // Refused: the item as it was says why, so the next write is aimed right without a read.
      const nextFreeAt = answer.nextFreeAt;
      if (nextFreeAt === undefined || nextFreeAt < write.earliestStartMs) tier = 'open';
      else if (nextFreeAt > write.latestStartMs)
        return { outcome: 'deferred', retryAt: new Date(Math.ceil(nextFreeAt - maxWaitMs)) };
      else tier = 'join';
    }
    throw new PacingContentionError(key, MAX_WRITES);
  }

  private currentMs(): number {
    const now = this.now();
    const ms = now instanceof Date ? now.getTime() : Number.NaN;
    if (!Number.isFinite(ms)) throw new PacingInputError('now', 'the clock gave an invalid date');
    return ms;
  }
}
