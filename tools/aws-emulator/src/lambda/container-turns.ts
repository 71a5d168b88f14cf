import type { FunctionSpec } from '../template/synthesized-app';

/** How many callers' service is remembered; past it the one least recently active is forgotten. */
const REMEMBERED_CALLERS = 1000;

/** An invocation waiting for a turn: who asked, in what order, and how to wake it. */
interface Waiting {
  readonly caller: string;
  readonly seq: number;
  readonly resolve: () => void;
}

/**
 * This machine's parallelism per function (`LambdaRuntimeOptions.maxContainersOf`): at most
 * `maxOf(fn)` of a function's containers run at once, and an invocation past it waits for a turn.
 * A function with no maximum never waits.
 *
 * Waiting invocations are served **least-served caller first**: each invocation names its caller
 * (a Step Functions execution, say), and a free turn goes to the waiting invocation whose caller's
 * invocations have so far held this machine's containers for the least time, the earliest asked
 * among equals (so one caller's invocations keep their order, and invocations naming no caller
 * share one and wait in order). A short job started while long ones run is then not behind their
 * backlogs: its few invocations go first until it has had as much container time as they have, and
 * the long jobs have every turn it does not ask for.
 *
 * @example
 * ```ts
 * const turns = new ContainerTurns((fn) => (fn.logicalId === 'Synthesize' ? 2 : undefined));
 * const release = await turns.take(fn, executionArn);
 * try { await run(); } finally { release(); }
 * ```
 */
export class ContainerTurns {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting[]>();
  /** Milliseconds each caller's invocations held a turn, in the order callers were last active. */
  private readonly served = new Map<string, number>();
  private seq = 0;

  constructor(private readonly maxOf: (fn: FunctionSpec) => number | undefined = () => undefined) {}

  /**
   * Waits until the function may run one more container, for `caller` (default: one shared
   * caller); returns the turn's release, which counts the time held to the caller's service.
   */
  async take(fn: FunctionSpec, caller = ''): Promise<() => void> {
    const max = this.maxOf(fn);
    if (max === undefined) return () => undefined;
    const id = fn.logicalId;
    if ((this.running.get(id) ?? 0) < max) this.running.set(id, (this.running.get(id) ?? 0) + 1);
    else {
      const queue = this.waiting.get(id) ?? [];
      this.waiting.set(id, queue);
      await new Promise<void>((resolve) => queue.push({ caller, seq: this.seq++, resolve }));
    }
    const grantedAt = Date.now();
    return () => {
      this.serve(caller, Date.now() - grantedAt);
      // Handed on to the next in line, the turn keeps the count as it is.
      const next = this.next(id);
      if (next) next.resolve();
      else this.running.set(id, (this.running.get(id) ?? 1) - 1);
    };
  }

  /**
   * How long the caller's invocations have held a turn (ms), as the order of service counts it.
   *
   * @example
   * ```ts
   * turns.servedMs(executionArn); // 1830
   * ```
   */
  servedMs(caller: string): number {
    return this.served.get(caller) ?? 0;
  }

  private serve(caller: string, ms: number): void {
    const total = (this.served.get(caller) ?? 0) + ms;
    this.served.delete(caller);
    this.served.set(caller, total);
    if (this.served.size > REMEMBERED_CALLERS) {
      const oldest = this.served.keys().next().value;
      if (oldest !== undefined) this.served.delete(oldest);
    }
  }

  /** Removes and answers the waiting invocation whose caller was served least (earliest first). */
  private next(id: string): Waiting | undefined {
    const queue = this.waiting.get(id);
    if (!queue || queue.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      const candidate = queue[i] as Waiting;
      const current = queue[best] as Waiting;
      const [a, b] = [this.servedMs(candidate.caller), this.servedMs(current.caller)];
      if (a < b || (a === b && candidate.seq < current.seq)) best = i;
    }
    const [chosen] = queue.splice(best, 1);
    if (queue.length === 0) this.waiting.delete(id);
    return chosen;
  }
}
