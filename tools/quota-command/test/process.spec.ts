/**
 * The wiring, once, as an operator runs it: `npx nx run tools:quota -- …` as a real process,
 * its arguments passed through Nx, against a users table on DynamoDB Local.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LocalDynamo } from '@lumcast/local-dynamo';
import { isoWeekKey } from '@lumcast/quota';
import { USERS_TABLE, ledgerOn, startUsersTable } from './support';

jest.setTimeout(240_000);

const repoRoot = path.resolve(__dirname, '../../..');
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startUsersTable();
});
afterAll(async () => {
  await dynamo?.close();
});

it('npx nx run tools:quota -- grant … grants through the nx target, arguments with spaces intact', async () => {
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'nx',
      'run',
      'tools:quota',
      '--',
      'grant',
      '--user',
      'alice smith',
      '--slots',
      '12',
      '--operation',
      'ticket 4711',
      '--table',
      USERS_TABLE,
      '--endpoint',
      dynamo.endpoint,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NX_DAEMON: 'false',
        NX_TUI: 'false',
        NX_NO_CLOUD: 'true',
        AWS_ACCESS_KEY_ID: 'operator',
        AWS_SECRET_ACCESS_KEY: 'operator',
      },
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  expect(stdout).toContain(
    `granted 12 slots to alice smith for ${isoWeekKey(new Date())} (operation ticket 4711)`,
  );
  const usage = await ledgerOn(dynamo).usage({ userId: 'alice smith', weeklyLimit: 200 });
  expect(usage).toMatchObject({ granted: 12, remaining: 212 });
});
