import type { EventRuleSpec } from '../template/synthesized-app';
import type { InvocationResult } from '../lambda/lambda-runtime';

/**
 * Whether an event matches an EventBridge event pattern: every pattern field must match; a list
 * matches any of its values; objects recurse; content filters `prefix`, `suffix`, `anything-but`,
 * `exists`, `equals-ignore-case` and `numeric` are supported.
 *
 * @example
 * ```ts
 * matchesPattern({ source: ['aws.states'], detail: { status: ['FAILED'] } }, event); // true or false
 * ```
 */
export function matchesPattern(pattern: unknown, event: unknown): boolean {
  if (pattern === null || typeof pattern !== 'object' || Array.isArray(pattern)) return false;
  for (const [key, expected] of Object.entries(pattern as Record<string, unknown>)) {
    const actual =
      event !== null && typeof event === 'object'
        ? (event as Record<string, unknown>)[key]
        : undefined;
    if (Array.isArray(expected)) {
      if (!matchesValues(expected, actual)) return false;
    } else if (!matchesPattern(expected, actual)) return false;
  }
  return true;
}

function matchesValues(expected: readonly unknown[], actual: unknown): boolean {
  const values = Array.isArray(actual) ? actual : [actual];
  return expected.some((rule) => {
    if (rule !== null && typeof rule === 'object')
      return matchesFilter(rule as Record<string, unknown>, actual, values);
    return actual !== undefined && values.some((value) => value === rule);
  });
}

function matchesFilter(
  filter: Record<string, unknown>,
  actual: unknown,
  values: readonly unknown[],
): boolean {
  if ('exists' in filter) return filter['exists'] === (actual !== undefined);
  if (actual === undefined) return false;
  if ('prefix' in filter)
    return values.some((v) => typeof v === 'string' && v.startsWith(String(filter['prefix'])));
  if ('suffix' in filter)
    return values.some((v) => typeof v === 'string' && v.endsWith(String(filter['suffix'])));
  if ('equals-ignore-case' in filter) {
    return values.some(
      (v) =>
        typeof v === 'string' &&
        v.toLowerCase() === String(filter['equals-ignore-case']).toLowerCase(),
    );
  }
  if ('anything-but' in filter) {
    const but = filter['anything-but'];
    const excluded = Array.isArray(but) ? but : [but];
    if (but !== null && typeof but === 'object' && !Array.isArray(but)) {
      const prefix = (but as { prefix?: string }).prefix;
      return values.every(
        (v) => typeof v !== 'string' || prefix === undefined || !v.startsWith(prefix),
      );
    }
    return values.every((v) => !excluded.includes(v));
  }
  if ('numeric' in filter) {
    const terms = filter['numeric'] as unknown[];
    return values.some((v) => {
      if (typeof v !== 'number') return false;
      for (let i = 0; i + 1 < terms.length; i += 2) {
        const op = terms[i];
        const n = Number(terms[i + 1]);
        const ok =
          op === '='
            ? v === n
            : op === '<'
              ? v < n
              : op === '<='
                ? v <= n
                : op === '>'
                  ? v > n
                  : op === '>='
                    ? v >= n
                    : false;
        if (!ok) return false;
      }
      return true;
    });
  }
  return false;
}

/** One delivery outcome, for tests and reports. */
export interface TargetDelivery {
  readonly ruleLogicalId: string;
  readonly functionLogicalId: string;
  readonly eventId: string;
  readonly outcome: 'delivered' | 'function-error' | 'dead-lettered' | 'dropped';
  readonly attempts: number;
  readonly errorType?: string;
}

/** Options of {@link EventRules}. */
export interface EventRulesOptions {
  readonly rules: readonly EventRuleSpec[];
  readonly invoke: (functionLogicalId: string, event: unknown) => Promise<InvocationResult>;
  /** Sends a failed event to a target's dead-letter queue (by queue logical id). */
  readonly sendToDeadLetterQueue: (
    queueLogicalId: string,
    body: string,
    attributes: Record<string, string>,
  ) => Promise<void>;
  /** Multiplies every retry delay; default 1. */
  readonly timeScale?: number;
  /** Lambda's asynchronous retries of a function error (the function's EventInvokeConfig); default 2. */
  readonly asyncRetryAttempts?: number;
}

/** EventBridge's default retry policy: 185 attempts over 24 hours. */
const DEFAULT_RETRY_ATTEMPTS = 185;
const DEFAULT_MAXIMUM_EVENT_AGE_SECONDS = 86_400;

/**
 * The event bus with the template's rules. A matching event goes to each target as Lambda's
 * asynchronous invocation does: a delivery that Lambda refuses (throttled, unknown function) is
 * retried with backoff up to the target's `RetryPolicy` (attempts and maximum event age) and then
 * sent to the target's dead-letter queue; a function error is retried by Lambda itself twice (1 and
 * 2 minutes later, scaled), then dropped.
 *
 * @example
 * ```ts
 * const bus = new EventRules({ rules: app.eventRules, invoke, sendToDeadLetterQueue });
 * bus.put(statusChangeEvent);
 * await bus.idle();
 * ```
 */
export class EventRules {
  /** Every delivery's outcome, in the order they ended. */
  readonly deliveries: TargetDelivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: EventRulesOptions) {}

  /**
   * Puts an event on the bus; deliveries run in the background.
   *
   * @example
   * ```ts
   * bus.put({ source: 'aws.states', 'detail-type': 'Step Functions Execution Status Change', detail: { status: 'FAILED' } });
   * ```
   */
  put(event: { id?: string } & Record<string, unknown>): void {
    for (const rule of this.options.rules) {
      if (rule.state === 'DISABLED' || !matchesPattern(rule.eventPattern, event)) continue;
      for (const target of rule.targets) {
        const payload = target.input !== undefined ? JSON.parse(target.input) : event;
        const delivery = this.deliver(rule, target, payload, String(event.id ?? ''));
        this.pending.add(delivery);
        void delivery.finally(() => this.pending.delete(delivery));
      }
    }
  }

  /**
   * Resolves when every delivery has ended.
   *
   * @example
   * ```ts
   * await bus.idle();
   * ```
   */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Stops retrying; pending deliveries end at their next wait.
   *
   * @example
   * ```ts
   * bus.stop();
   * ```
   */
  stop(): void {
    this.stopped = true;
  }

  private sleep(seconds: number): Promise<void> {
    return new Promise((resolve) =>
      setTimeout(resolve, seconds * 1000 * (this.options.timeScale ?? 1)),
    );
  }

  private async deliver(
    rule: EventRuleSpec,
    target: EventRuleSpec['targets'][number],
    payload: unknown,
    eventId: string,
  ): Promise<void> {
    const retryAttempts = target.retryAttempts ?? DEFAULT_RETRY_ATTEMPTS;
    const maxAgeMs =
      (target.maximumEventAgeSeconds ?? DEFAULT_MAXIMUM_EVENT_AGE_SECONDS) *
      1000 *
      (this.options.timeScale ?? 1);
    const started = Date.now();
    const record = (outcome: TargetDelivery['outcome'], attempts: number, errorType?: string) =>
      this.deliveries.push({
        ruleLogicalId: rule.logicalId,
        functionLogicalId: target.functionLogicalId,
        eventId,
        outcome,
        attempts,
        ...(errorType ? { errorType } : {}),
      });
    let attempt = 0;
    let lastError = '';
    while (!this.stopped) {
      attempt += 1;
      try {
        return await this.runAsync(target.functionLogicalId, payload, (outcome, errorType) =>
          record(outcome, attempt, errorType),
        );
      } catch (error) {
        lastError = (error as Error).name;
      }
      const tooOld = Date.now() - started >= maxAgeMs;
      if (attempt > retryAttempts || tooOld) break;
      await this.sleep(Math.min(2 ** (attempt - 1), 300) * (0.5 + Math.random() / 2));
    }
    if (target.deadLetterQueueLogicalId) {
      await this.options.sendToDeadLetterQueue(
        target.deadLetterQueueLogicalId,
        JSON.stringify(payload),
        {
          RULE_ARN: rule.logicalId,
          TARGET_ARN: target.functionLogicalId,
          ERROR_CODE: lastError,
        },
      );
      record('dead-lettered', attempt, lastError);
    } else record('dropped', attempt, lastError);
  }

  /** Lambda's asynchronous invocation: accepted, then the function error retried twice. Rejects when Lambda refuses it. */
  private async runAsync(
    functionLogicalId: string,
    payload: unknown,
    done: (outcome: TargetDelivery['outcome'], errorType?: string) => void,
  ): Promise<void> {
    const retries = this.options.asyncRetryAttempts ?? 2;
    let errorType: string | undefined;
    for (let i = 0; i <= retries; i += 1) {
      if (i > 0) await this.sleep(60 * i);
      const answer = await this.options.invoke(functionLogicalId, payload);
      if (!answer.functionError) return done('delivered');
      errorType = (answer.payload as { errorType?: string }).errorType;
    }
    done('function-error', errorType);
  }
}
