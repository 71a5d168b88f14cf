/**
 * The record, in the data folder, of the processes a local stack runs: written atomically and
 * privately, read back checked, removed only by the server it names.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  readStackProcessesFile,
  removeStackProcessesFile,
  STACK_PROCESSES_FILE,
  StackProcessesFileError,
  stackProcessesFilePath,
  writeStackProcessesFile,
  type RecordedChild,
  type StackProcesses,
} from '../stack-processes-file';

const jvm: RecordedChild = {
  name: 'DynamoDB Local',
  pid: 4250,
  startTime: 1234570,
  commandLineIncludes: ['-dbPath', '/repo/.lumcast/dynamodb'],
};
const record: StackProcesses = {
  server: { pid: 4242, startTime: 1234567, url: 'http://localhost:3000' },
  children: [jvm],
  startedAt: '2026-12-03T12:00:00.000Z',
};

describe('the stack processes file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lumcast-processes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written with mode 0600, read back as written, and leaves no temporary file behind', async () => {
    await writeStackProcessesFile(dir, { ...record, children: [] });
    await writeStackProcessesFile(dir, record);
    expect(statSync(stackProcessesFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(await readStackProcessesFile(dir)).toEqual(record);
    expect(readdirSync(dir)).toEqual([STACK_PROCESSES_FILE]);
  });

  it('reads as undefined when there is none', async () => {
    expect(await readStackProcessesFile(dir)).toBeUndefined();
  });

  it('fails by name, with the cause, when it is not JSON, and names the field that is wrong', async () => {
    writeFileSync(stackProcessesFilePath(dir), '{ half');
    const error = await readStackProcessesFile(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StackProcessesFileError);
    expect((error as Error).name).toBe('StackProcessesFileError');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toContain('If no Lumcast runs on this folder, delete it.');

    writeFileSync(
      stackProcessesFilePath(dir),
      JSON.stringify({ ...record, children: [{ ...jvm, pid: -1 }] }),
    );
    await expect(readStackProcessesFile(dir)).rejects.toThrow(/children\.0\.pid/);
  });

  it('refuses to write a record that does not check', async () => {
    await expect(
      writeStackProcessesFile(dir, {
        ...record,
        children: [{ ...jvm, commandLineIncludes: [] }],
      }),
    ).rejects.toThrow();
    expect(existsSync(stackProcessesFilePath(dir))).toBe(false);
  });

  it('is removed only by the server it names (same pid and start time)', async () => {
    await writeStackProcessesFile(dir, record);
    await removeStackProcessesFile(dir, { pid: 4242, startTime: 1 });
    await removeStackProcessesFile(dir, { pid: 4243, startTime: 1234567 });
    expect(existsSync(stackProcessesFilePath(dir))).toBe(true);
    await removeStackProcessesFile(dir, { pid: 4242, startTime: 1234567 });
    expect(existsSync(stackProcessesFilePath(dir))).toBe(false);
    await expect(removeStackProcessesFile(dir, record.server)).resolves.toBeUndefined();
  });
});
