/**
 * What /proc says about a process, and how a recorded process is told from a later one that was
 * given the same pid.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  commandLine,
  environment,
  hasArguments,
  isRunning,
  processIdentity,
  processStatus,
} from '../process-identity';
import { identityOf, waitUntil } from './process-support';

describe('process identity', () => {
  it('names this process by its pid and start time, with the parent Node knows', () => {
    const status = processStatus(process.pid);
    expect(status).toMatchObject({ pid: process.pid, ppid: process.ppid });
    expect(status?.startTime).toBeGreaterThan(0);
    expect(processIdentity(process.pid)).toEqual({
      pid: process.pid,
      startTime: status?.startTime,
    });
    expect(isRunning(identityOf(process.pid))).toBe(true);
  });

  it('does not take a process with the recorded pid but another start time for the recorded one', () => {
    const me = identityOf(process.pid);
    expect(isRunning({ pid: me.pid, startTime: me.startTime - 1 })).toBe(false);
  });

  it('says nothing about a pid that does not exist or is not a pid', () => {
    for (const pid of [0, -1, 1.5, 2 ** 40]) {
      expect(processStatus(pid)).toBeUndefined();
      expect(commandLine(pid)).toBeUndefined();
      expect(environment(pid)).toBeUndefined();
      expect(isRunning({ pid, startTime: 1 })).toBe(false);
    }
  });

  it('reads a process command line and environment as it was started', async () => {
    const child = spawn('sleep', ['30'], { env: { LUMCAST_PROBE: 'a=b' } });
    try {
      await once(child, 'spawn');
      const pid = child.pid as number;
      expect(commandLine(pid)).toEqual(['sleep', '30']);
      expect(environment(pid)).toEqual({ LUMCAST_PROBE: 'a=b' });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('counts a process that ended but was not reaped (a zombie) as no longer running', async () => {
    // `sleep 0` ends at once, and its parent (the shell, replaced by `sleep 30`) never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      await waitUntil('the child is a zombie', () => processStatus(zombie)?.state === 'Z', 5_000);
      expect(isRunning(identityOf(zombie))).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('finds arguments only as the same consecutive run', () => {
    const args = ['java', '-jar', 'DynamoDBLocal.jar', '-dbPath', '/a/dynamodb', '-port', '8000'];
    expect(hasArguments(args, ['-dbPath', '/a/dynamodb'])).toBe(true);
    expect(hasArguments(args, ['-dbPath', '/a/dynamodb-old'])).toBe(false);
    expect(hasArguments(args, ['/a/dynamodb', '-dbPath'])).toBe(false);
    expect(hasArguments(args, ['-port', '8000', '-sharedDb'])).toBe(false);
    expect(hasArguments(args, [])).toBe(false);
  });
});
