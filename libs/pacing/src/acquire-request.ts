import { PacingInputError } from './errors';

/** One request for a start time. */
export interface AcquireRequest {
  /** The shared limit's name, e.g. `polly:neural`. */
  readonly key: string;
  /** The key's rate: calls of cost 1 per second across every caller. */
  readonly ratePerSecond: number;
  /** How much of the key's time the call takes, in calls of cost 1; default 1. */
  readonly cost?: number;
  /** The latest start, in ms from now, the caller accepts; a longer line is `deferred`. */
  readonly maxWaitMs: number;
}

/** A request whose fields were checked, with its slot length. */
export interface CheckedAcquireRequest {
  readonly key: string;
  /** The key's time the call takes: `cost / ratePerSecond` seconds, in ms. */
  readonly slotMs: number;
  readonly maxWaitMs: number;
}

/** The longest key DynamoDB allows for a partition key value, in bytes. */
const MAX_KEY_BYTES = 2048;

/** Checks a request before any I/O; throws {@link PacingInputError} naming the field. */
export function checkAcquireRequest(request: AcquireRequest): CheckedAcquireRequest {
  const { key, ratePerSecond, cost = 1, maxWaitMs } = request;
  if (typeof key !== 'string' || key.length === 0)
    throw new PacingInputError('key', 'must be a non-empty string');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES)
    throw new PacingInputError('key', `must be at most ${MAX_KEY_BYTES} bytes`);
  if (typeof ratePerSecond !== 'number' || !Number.isFinite(ratePerSecond) || ratePerSecond <= 0)
    throw new PacingInputError(
      'ratePerSecond',
      `must be a finite number above 0, not ${ratePerSecond}`,
    );
  if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0)
    throw new PacingInputError('cost', `must be a finite number of at least 0, not ${cost}`);
  if (typeof maxWaitMs !== 'number' || !Number.isFinite(maxWaitMs) || maxWaitMs < 0)
    throw new PacingInputError(
      'maxWaitMs',
      `must be a finite number of at least 0, not ${maxWaitMs}`,
    );
  return { key, slotMs: (cost * 1000) / ratePerSecond, maxWaitMs };
}
