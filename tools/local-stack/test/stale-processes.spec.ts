/**
 * Stopping what a killed stack left running: only a process that is still the recorded one (pid,
 * start time and command line), SIGTERM first, SIGKILL if it will not go. Stand-ins for DynamoDB
 * Local are Node processes carrying `-dbPath <folder>` on their command line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { isRunning, processIdentity } from '../process-identity';
import { isStillRecordedChild, stopStaleChildren } from '../stale-processes';
import type { RecordedChild } from '../stack-processes-file';

const DB_PATH = '/tmp/lumcast-stale-test/dynamodb';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** A stand-in JVM: runs until killed, optionally ignoring SIGTERM; resolves once it is ready. */
async function standIn(options: { ignoreTerm?: boolean } = {}): Promise<RecordedChild> {
  const code = `${options.ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('ready');`;
  const child = spawn(process.execPath, ['-e', code, '--', '-dbPath', DB_PATH], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  await once(child.stdout as NodeJS.ReadableStream, 'data');
  const identity = processIdentity(child.pid as number);
  if (identity === undefined) throw new Error('the stand-in is gone');
  return { ...identity, name: 'DynamoDB Local', commandLineIncludes: ['-dbPath', DB_PATH] };
}

describe('stopping stale children', () => {
  it('stops a recorded child that is still that process, and SIGKILLs one that ignores SIGTERM', async () => {
    const polite = await standIn();
    const stubborn = await standIn({ ignoreTerm: true });
    expect(isStillRecordedChild(polite)).toBe(true);

    const stopped = await stopStaleChildren([polite, stubborn], { termWaitMs: 500 });
    expect(stopped).toEqual([polite, stubborn]);
    expect(isRunning(polite)).toBe(false);
    expect(isRunning(stubborn)).toBe(false);
  });

  it('never signals a pid that is now another process: another start time, or a command line without the recorded arguments', async () => {
    const other = await standIn();
    const recycled = { ...other, startTime: other.startTime - 1 };
    const elsewhere = { ...other, commandLineIncludes: ['-dbPath', '/somewhere/else/dynamodb'] };
    expect(isStillRecordedChild(recycled)).toBe(false);
    expect(isStillRecordedChild(elsewhere)).toBe(false);

    expect(await stopStaleChildren([recycled, elsewhere], { termWaitMs: 500 })).toEqual([]);
    expect(isRunning(other)).toBe(true);
  });

  it('passes over a recorded child that has already ended', async () => {
    const gone = await standIn();
    process.kill(gone.pid, 'SIGKILL');
    await once(children.at(-1) as ChildProcess, 'exit');
    expect(await stopStaleChildren([gone])).toEqual([]);
  });
});
