import type { FunctionSpec } from '../template/synthesized-app';

/**
 * This machine's parallelism per function (`LambdaRuntimeOptions.maxContainersOf`): at most
 * `maxOf(fn)` of a function's containers run at once, and an invocation past it waits, in order,
 * for a turn. A function with no maximum never waits.
 */
export class ContainerTurns {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly maxOf: (fn: FunctionSpec) => number | undefined = () => undefined) {}

  /** Waits until the function may run one more container; returns the turn's release. */
  async take(fn: FunctionSpec): Promise<() => void> {
    const max = this.maxOf(fn);
    if (max === undefined) return () => undefined;
    const id = fn.logicalId;
    const queue = this.waiting.get(id) ?? [];
    this.waiting.set(id, queue);
    if ((this.running.get(id) ?? 0) < max) this.running.set(id, (this.running.get(id) ?? 0) + 1);
    else await new Promise<void>((resolve) => queue.push(resolve));
    // Handed on to the next in line, the turn keeps the count as it is.
    return () => {
      const next = queue.shift();
      if (next) next();
      else this.running.set(id, (this.running.get(id) ?? 1) - 1);
    };
  }
}
