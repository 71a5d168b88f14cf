/**
 * Where the command finds the users table: the running local stack's endpoint file by default,
 * DynamoDB in AWS by configuration; and the clear failures when neither is there.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LocalDynamo } from '@lumcast/local-dynamo';
import { writeDynamoEndpointFile } from '../../local-stack/dynamo-endpoint-file';
import { USERS_TABLE, quota, scanUsers, startUsersTable, usageFields } from './support';

jest.setTimeout(120_000);

let dynamo: LocalDynamo;
const data = { dir: mkdtempSync(path.join(tmpdir(), 'lumcast-quota-')) };

beforeAll(async () => {
  dynamo = await startUsersTable();
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(data.dir, { recursive: true, force: true });
});

function recordStack(dataDir: string, pid: number): Promise<void> {
  return writeDynamoEndpointFile(dataDir, {
    endpoint: dynamo.endpoint,
    tables: { users: USERS_TABLE, jobs: 'jobs', series: 'series', feeds: 'feeds' },
    pid,
    startedAt: new Date().toISOString(),
  });
}

describe('the local stack target', () => {
  it('is the default: the table named in .lumcast/dynamodb-endpoint.json under the working directory', async () => {
    const cwd = path.join(data.dir, 'repo');
    mkdirSync(path.join(cwd, '.lumcast'), { recursive: true });
    await recordStack(path.join(cwd, '.lumcast'), process.pid);
    const run = await quota(
      ['grant', '--user', 'local-user', '--slots', '7', '--operation', 'op-1'],
      {
        env: {},
        cwd,
      },
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(usageFields(run.stdout)).toMatchObject({ user: 'local-user', granted: '7' });
  });

  it('follows LUMCAST_DATA_DIR, and --data-dir over it', async () => {
    const stackDir = path.join(data.dir, 'elsewhere');
    mkdirSync(stackDir, { recursive: true });
    await recordStack(stackDir, process.pid);
    const byEnv = await quota(['show', '--user', 'local-user'], {
      env: { LUMCAST_DATA_DIR: stackDir },
      cwd: data.dir,
    });
    expect(usageFields(byEnv.stdout)).toMatchObject({ granted: '7' });
    const byFlag = await quota(['show', '--user', 'local-user', '--data-dir', 'elsewhere'], {
      env: { LUMCAST_DATA_DIR: path.join(data.dir, 'nothing-here') },
      cwd: data.dir,
    });
    expect(usageFields(byFlag.stdout)).toMatchObject({ granted: '7' });
  });

  it('fails with exit 1 and says the stack is not running when there is no endpoint file', async () => {
    const run = await quota(['show', '--user', 'alice', '--data-dir', 'no-stack'], {
      env: {},
      cwd: data.dir,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `quota: the local stack is not running: ${path.join(data.dir, 'no-stack', 'dynamodb-endpoint.json')} does not exist. Start it with \`npm start\`, or point at DynamoDB in AWS with --table NAME (or LUMCAST_USERS_TABLE) and AWS_REGION\n`,
    );
  });

  it('fails with exit 1 and writes nothing when the file was left by a process that has exited', async () => {
    const stale = path.join(data.dir, 'stale');
    mkdirSync(stale, { recursive: true });
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    await recordStack(stale, exited);
    const before = await scanUsers(dynamo);
    const run = await quota(
      ['grant', '--user', 'alice', '--slots', '1', '--operation', 'op-s', '--data-dir', stale],
      {
        env: {},
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`was left by process ${exited}, which is no longer running`);
    expect(await scanUsers(dynamo)).toEqual(before);
  });
});

describe('the AWS target', () => {
  it('is chosen by LUMCAST_USERS_TABLE, with --endpoint sending elsewhere', async () => {
    const run = await quota(['show', '--user', 'local-user', '--endpoint', dynamo.endpoint], {
      env: {
        LUMCAST_USERS_TABLE: USERS_TABLE,
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'operator',
        AWS_SECRET_ACCESS_KEY: 'operator',
      },
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(usageFields(run.stdout)).toMatchObject({ granted: '7' });
  });

  it('needs a region: exit 1 naming AWS_REGION, before anything is sent', async () => {
    const run = await quota(['show', '--user', 'alice', '--table', 'lumcast-users'], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'quota: no AWS region for the table lumcast-users: set AWS_REGION (or pass --endpoint URL)\n',
    );
  });

  it('refuses --endpoint without a table as a bad command line (exit 2)', async () => {
    const run = await quota(['show', '--user', 'alice', '--endpoint', dynamo.endpoint], {
      env: {},
    });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      'quota: --endpoint needs the users table too: add --table NAME (or set LUMCAST_USERS_TABLE)',
    );
  });
});
