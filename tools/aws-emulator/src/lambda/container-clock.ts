import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';

/** Length of one tick of `/proc`'s utime/stime (USER_HZ, 100 per second on Linux). */
const PROC_TICK_MS = 10;

/**
 * CPU time one thread of this process has used, from `/proc/self/task/<tid>/stat`; undefined
 * where `/proc` is not there (macOS) or the thread has ended.
 */
function threadCpuMs(osThreadId: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${osThreadId}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime + stime) ? (utime + stime) * PROC_TICK_MS : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A container's own clock for its timeout: the time its thread ran on a core plus the time its
 * event loop waited (for a timer or an answer), but not the time it was ready to run and waiting
 * for one of this machine's cores. In Lambda each container has its own CPU share; here dozens of
 * worker threads share two cores, so wall-clock time would time out a handler for this machine's
 * crowding (the load test's 40 cold `api` containers at once), not for anything AWS would do. A
 * handler that sleeps or waits on a slow dependency still times out exactly as on wall-clock time.
 * Without `/proc` (not Linux) it is the wall clock.
 *
 * @example
 * ```ts
 * const clock = ContainerClock.start(worker, osThreadId);
 * if (clock.elapsedMs() >= timeoutMs) timedOut();
 * ```
 */
export class ContainerClock {
  private constructor(
    private readonly worker: Worker,
    private readonly osThreadId: number | undefined,
    private readonly startedAt: number,
    private readonly cpuAtStart: number | undefined,
    private readonly idleAtStart: number,
  ) {}

  /**
   * Starts the clock of a container's worker thread, whose kernel thread id is `osThreadId`.
   *
   * @example
   * ```ts
   * const clock = ContainerClock.start(worker, 4242);
   * ```
   */
  static start(worker: Worker, osThreadId: number | undefined): ContainerClock {
    const cpu = osThreadId === undefined ? undefined : threadCpuMs(osThreadId);
    return new ContainerClock(
      worker,
      osThreadId,
      Date.now(),
      cpu,
      worker.performance.eventLoopUtilization().idle,
    );
  }

  /**
   * Milliseconds the container has had since `start`: its CPU time plus its event loop's idle
   * time, never more than the wall-clock time (the wall clock where `/proc` is missing).
   *
   * @example
   * ```ts
   * clock.elapsedMs(); // 1830 after 4 s of wall-clock time sharing two cores with 7 others
   * ```
   */
  elapsedMs(): number {
    const wallMs = Date.now() - this.startedAt;
    if (this.osThreadId === undefined || this.cpuAtStart === undefined) return wallMs;
    const cpuNow = threadCpuMs(this.osThreadId);
    if (cpuNow === undefined) return wallMs;
    const idleMs = Math.max(
      0,
      this.worker.performance.eventLoopUtilization().idle - this.idleAtStart,
    );
    return Math.min(wallMs, cpuNow - this.cpuAtStart + idleMs);
  }
}
