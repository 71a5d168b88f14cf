/**
 * The processes whose end ends the local stack: found from /proc-like facts (a table here), and
 * watched for real.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { launchersOf, watchLaunchers, type Launcher, type ProcessReader } from '../launcher-watch';
import { identityOf } from './process-support';

interface Row {
  ppid: number;
  command: string;
  script?: string;
}

/** A process table: pid → parent, command line and npm_lifecycle_script. */
function table(rows: Record<number, Row>): ProcessReader {
  return {
    status: (pid) => {
      const row = rows[pid];
      return row && { pid, ppid: row.ppid, startTime: pid * 10, state: 'S' };
    },
    environment: (pid): Record<string, string> | undefined => {
      const row = rows[pid];
      if (row === undefined) return undefined;
      return row.script === undefined ? {} : { npm_lifecycle_script: row.script };
    },
    commandLine: (pid) => rows[pid]?.command.split(' '),
  };
}

const SCRIPT = 'nx run dashboard:build --tui=false && tsx tools/local-stack/start.ts';
const launcher = (pid: number, command: string): Launcher => ({
  pid,
  startTime: pid * 10,
  command,
});

describe('the launchers of the local stack', () => {
  it('under npm start are tsx, the shell and npm itself, and nothing above npm', () => {
    const read = table({
      1: { ppid: 0, command: 'init' },
      10: { ppid: 1, command: 'sshd' },
      20: { ppid: 10, command: '-bash' },
      30: { ppid: 20, command: 'npm start' },
      40: { ppid: 30, command: `sh -c ${SCRIPT}`, script: SCRIPT },
      50: { ppid: 40, command: 'node tsx tools/local-stack/start.ts', script: SCRIPT },
      60: { ppid: 50, command: 'node start.ts', script: SCRIPT },
    });
    expect(launchersOf(60, read)).toEqual([
      launcher(50, 'node tsx tools/local-stack/start.ts'),
      launcher(40, `sh -c ${SCRIPT}`),
      launcher(30, 'npm start'),
    ]);
  });

  it('stop at the npm that ran this script when that npm itself runs under another script', () => {
    const read = table({
      20: { ppid: 1, command: 'npm run e2e', script: undefined },
      25: { ppid: 20, command: 'playwright test', script: 'playwright test' },
      30: { ppid: 25, command: 'npm start', script: 'playwright test' },
      40: { ppid: 30, command: 'sh -c …', script: SCRIPT },
      60: { ppid: 40, command: 'node start.ts', script: SCRIPT },
    });
    expect(launchersOf(60, read).map(({ pid }) => pid)).toEqual([40, 30]);
  });

  it('are the parent alone when no npm script runs it, and never pid 1', () => {
    const read = table({
      20: { ppid: 1, command: '-bash' },
      50: { ppid: 20, command: 'node tsx start.ts' },
      60: { ppid: 50, command: 'node start.ts' },
      70: { ppid: 1, command: 'node start.ts', script: SCRIPT },
    });
    expect(launchersOf(60, read).map(({ pid }) => pid)).toEqual([50]);
    expect(launchersOf(70, read)).toEqual([]);
  });

  it('are watched until one ends, which is reported once', async () => {
    const alive = spawn('sleep', ['30']);
    const doomed = spawn('sleep', ['30']);
    await Promise.all([once(alive, 'spawn'), once(doomed, 'spawn')]);
    const launchers = [alive, doomed].map((child) => ({
      ...identityOf(child.pid),
      command: 'sleep 30',
    }));
    const ended: Launcher[] = [];
    const unwatch = watchLaunchers(launchers, (gone) => ended.push(gone), 20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ended).toEqual([]);
      doomed.kill('SIGKILL');
      await once(doomed, 'exit');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ended).toEqual([launchers[1]]);
    } finally {
      unwatch();
      alive.kill('SIGKILL');
    }
  });
});
