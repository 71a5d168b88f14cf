/**
 * aws-local-stepfunctions 3 calls `Promise.withResolvers` (Node 22). On Node 20 the state machine
 * runner installs this small polyfill (the same one the local stack installs; projects do not
 * import each other's files).
 *
 * @example
 * ```ts
 * installPromiseWithResolvers();
 * const { promise, resolve } = Promise.withResolvers<number>();
 * ```
 */
export function installPromiseWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: unknown };
  if (typeof promise.withResolvers === 'function') return;
  promise.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const created = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: created, resolve, reject };
  };
}
