/**
 * The quota operator command's main function against a real users table on AWS's DynamoDB
 * Local, pointed at it the way an operator points it at any DynamoDB (`--table`, `--endpoint`).
 */
import type { LocalDynamo } from '@lumcast/local-dynamo';
import { isoWeekKey, weekWindow } from '@lumcast/quota';
import { jobFields, ledgerOn, quota, scanUsers, startUsersTable, usageFields } from './support';

jest.setTimeout(120_000);

let dynamo: LocalDynamo;
const week = isoWeekKey(new Date());

beforeAll(async () => {
  dynamo = await startUsersTable();
});
afterAll(async () => {
  await dynamo?.close();
});

describe('show', () => {
  it('prints the plan, week, used, reserved, granted, limit, remaining, in flight and reset time of a user never seen', async () => {
    const run = await quota(['show', '--user', 'new-user'], { dynamo });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(usageFields(run.stdout)).toEqual({
      user: 'new-user',
      plan: 'free (none set)',
      week,
      used: '0',
      reserved: '0',
      granted: '0',
      limit: '200',
      remaining: '200',
      inFlight: '0',
      resetsAt: weekWindow(week).end.toISOString(),
    });
  });

  it('counts a held job as reserved and in flight, and with --job prints the ledger record of that job', async () => {
    const ledger = ledgerOn(dynamo);
    await ledger.reserve({ userId: 'holder', jobId: 'job-held', cost: 4, weeklyLimit: 200 });
    const run = await quota(['show', '--user', 'holder', '--job', 'job-held'], { dynamo });
    expect(run.code).toBe(0);
    expect(usageFields(run.stdout)).toMatchObject({
      used: '0',
      reserved: '4',
      remaining: '196',
      inFlight: '1',
    });
    expect(run.stdout).toContain('job job-held:');
    expect(jobFields(run.stdout)).toEqual({
      state: 'reserved',
      week,
      held: '4',
      charged: '0',
      chargedWeek: '-',
      measured: '-',
    });
  });

  it('says the ledger has no record of a job it never saw', async () => {
    const run = await quota(['show', '--user', 'holder', '--job', 'never-made'], { dynamo });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('job never-made: the ledger has no record of it');
  });

  it('prints the same outcome as one line of JSON with --json', async () => {
    const run = await quota(['show', '--user', 'holder', '--json'], { dynamo });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      name: 'show',
      userId: 'holder',
      plan: { effective: 'free' },
      usage: { week, reserved: 4, limit: 200, resetsAt: weekWindow(week).end.toISOString() },
    });
  });
});

describe('grant', () => {
  it('grants the slots for this week and prints what it did and the usage after', async () => {
    const run = await quota(
      ['grant', '--user', 'granted-user', '--slots', '50', '--operation', 'ticket-1'],
      {
        dynamo,
      },
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[0]).toBe(
      `granted 50 slots to granted-user for ${week} (operation ticket-1)`,
    );
    expect(usageFields(run.stdout)).toMatchObject({
      granted: '50',
      limit: '200',
      remaining: '250',
    });
  });

  it('grants once when run twice with the same operation id, and says so the second time', async () => {
    const argv = ['grant', '--user', 'twice', '--slots', '30', '--operation', 'ticket-2'];
    expect((await quota(argv, { dynamo })).code).toBe(0);
    const again = await quota(argv, { dynamo });
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toBe(
      `already granted: operation ticket-2 gave twice 30 slots for ${week} before; nothing changed`,
    );
    expect(usageFields(again.stdout)).toMatchObject({ granted: '30', remaining: '230' });
  });

  it('applies every one of concurrent grants with different operation ids', async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        quota(
          ['grant', '--user', 'crowd', '--slots', String(index + 1), '--operation', `op-${index}`],
          {
            dynamo,
          },
        ),
      ),
    );
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const show = await quota(['show', '--user', 'crowd'], { dynamo });
    expect(usageFields(show.stdout)).toMatchObject({ granted: '21', remaining: '221' });
  });

  it("uses the user's own plan's limit", async () => {
    await ledgerOn(dynamo).setPlan({ userId: 'creator-user', plan: 'creator' });
    const run = await quota(
      ['grant', '--user', 'creator-user', '--slots', '5', '--operation', 'op'],
      {
        dynamo,
      },
    );
    expect(usageFields(run.stdout)).toMatchObject({
      plan: 'creator',
      limit: '600',
      remaining: '605',
    });
  });
});

describe('refund', () => {
  it('gives a settled job its charge back, and changes nothing the second time', async () => {
    const ledger = ledgerOn(dynamo);
    await ledger.reserve({ userId: 'refunded', jobId: 'job-1', cost: 4, weeklyLimit: 200 });
    await ledger.settle({
      userId: 'refunded',
      jobId: 'job-1',
      cost: 3,
      quotedCost: 4,
      weeklyLimit: 200,
    });
    expect(
      usageFields((await quota(['show', '--user', 'refunded'], { dynamo })).stdout),
    ).toMatchObject({ used: '3', reserved: '0' });

    const first = await quota(['refund', '--user', 'refunded', '--job', 'job-1'], { dynamo });
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')[0]).toBe(
      `refunded 3 slots of job job-1 to refunded in ${week}`,
    );
    expect(usageFields(first.stdout)).toMatchObject({ used: '0', remaining: '200' });

    const second = await quota(['refund', '--user', 'refunded', '--job', 'job-1'], { dynamo });
    expect(second.code).toBe(0);
    expect(second.stdout.split('\n')[0]).toBe(
      'already refunded: the 3 slots of job job-1 went back to refunded before; nothing changed',
    );
    expect(usageFields(second.stdout)).toMatchObject({ used: '0', remaining: '200' });
    expect(
      jobFields((await quota(['show', '--user', 'refunded', '--job', 'job-1'], { dynamo })).stdout),
    ).toMatchObject({ state: 'refunded', charged: '3' });
  });

  it('refunds nothing for a job that is only reserved, or unknown', async () => {
    const ledger = ledgerOn(dynamo);
    await ledger.reserve({ userId: 'unsettled', jobId: 'job-open', cost: 4, weeklyLimit: 200 });
    for (const job of ['job-open', 'job-unknown']) {
      const run = await quota(['refund', '--user', 'unsettled', '--job', job], { dynamo });
      expect(run.code).toBe(0);
      expect(run.stdout.split('\n')[0]).toMatch(
        new RegExp(`^not charged: job ${job} of unsettled`),
      );
      expect(usageFields(run.stdout)).toMatchObject({ reserved: '4', used: '0' });
    }
  });

  it('refunds nothing for a job charged in a week that is over', async () => {
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    const earlier = ledgerOn(dynamo, () => lastWeek);
    await earlier.settle({ userId: 'old-charge', jobId: 'job-old', cost: 6, weeklyLimit: 200 });
    const run = await quota(['refund', '--user', 'old-charge', '--job', 'job-old'], { dynamo });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      `week ended: job job-old was charged 6 slots in ${isoWeekKey(lastWeek)}, which is over; nothing refunded`,
    );
    expect(usageFields(run.stdout)).toMatchObject({ week, used: '0' });
  });
});

describe('set-plan', () => {
  it('prints the previous and the new plan and the usage under the new limit', async () => {
    const first = await quota(['set-plan', '--user', 'upgraded', '--plan', 'studio'], { dynamo });
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')[0]).toBe('plan of upgraded: none set (free) → studio');
    expect(usageFields(first.stdout)).toMatchObject({ plan: 'studio', limit: '1500' });

    const second = await quota(['set-plan', '--user', 'upgraded', '--plan', 'creator'], { dynamo });
    expect(second.stdout.split('\n')[0]).toBe('plan of upgraded: studio → creator');
    expect(
      usageFields((await quota(['show', '--user', 'upgraded'], { dynamo })).stdout),
    ).toMatchObject({ plan: 'creator', limit: '600' });
  });
});

describe('bad input', () => {
  const cases: [string, string[]][] = [
    ['no command', []],
    ['an unknown command', ['charge', '--user', 'alice']],
    ['a missing user', ['show']],
    ['an empty user', ['grant', '--user', '', '--slots', '5', '--operation', 'op-bad']],
    ['a blank user', ['set-plan', '--user', '  ', '--plan', 'creator']],
    [
      "a user id in the ledger's key space",
      ['grant', '--user', 'quota-op#x', '--slots', '5', '--operation', 'op-bad'],
    ],
    ['non-integer slots', ['grant', '--user', 'alice', '--slots', '2.5', '--operation', 'op-bad']],
    ['negative slots', ['grant', '--user', 'alice', '--slots', '-3', '--operation', 'op-bad']],
    ['zero slots', ['grant', '--user', 'alice', '--slots', '0', '--operation', 'op-bad']],
    ['too many slots', ['grant', '--user', 'alice', '--slots', '100001', '--operation', 'op-bad']],
    ['slots as words', ['grant', '--user', 'alice', '--slots', 'ten', '--operation', 'op-bad']],
    ['a missing operation id', ['grant', '--user', 'alice', '--slots', '5']],
    ['an unknown plan', ['set-plan', '--user', 'alice', '--plan', 'platinum']],
    ['a missing job for refund', ['refund', '--user', 'alice']],
    ['a flag of another command', ['show', '--user', 'alice', '--slots', '5']],
    ['an unknown flag', ['show', '--user', 'alice', '--force']],
    [
      'a repeated flag',
      ['grant', '--user', 'alice', '--slots', '5', '--slots', '6', '--operation', 'op-bad'],
    ],
    ['a stray argument', ['refund', '--user', 'alice', '--job', 'j', 'extra']],
    ['a flag without its value', ['refund', '--user', 'alice', '--job']],
    ['a job id over 80 bytes', ['refund', '--user', 'alice', '--job', 'j'.repeat(81)]],
  ];

  it.each(cases)(
    '(%s) is refused with one line and the usage on stderr, exit code 2, and nothing written',
    async (_, argv) => {
      await ledgerOn(dynamo).setPlan({ userId: 'alice', plan: 'free' });
      const before = await scanUsers(dynamo);
      const run = await quota(argv, { dynamo });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const [message, blank, usage] = run.stderr.split('\n');
      expect(message).toMatch(/^quota: \S/);
      expect(blank).toBe('');
      expect(usage).toMatch(/^Usage: /);
      expect(await scanUsers(dynamo)).toEqual(before);
    },
  );
});

describe('failures of the ledger or DynamoDB', () => {
  it('exit 1 with the ledger error named when the users table does not exist, writing nothing', async () => {
    const before = await scanUsers(dynamo);
    const run = await quota([
      'grant',
      '--user',
      'alice',
      '--slots',
      '5',
      '--operation',
      'op-x',
      '--table',
      'no-such-table',
      '--endpoint',
      dynamo.endpoint,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'quota: QuotaTableNotFoundError: users table "no-such-table" was not found\n',
    );
    expect(await scanUsers(dynamo)).toEqual(before);
  });

  it('exit 1 saying which DynamoDB could not be reached', async () => {
    const run = await quota([
      'show',
      '--user',
      'alice',
      '--table',
      'users',
      '--endpoint',
      'http://127.0.0.1:9',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^quota: could not reach DynamoDB at http:\/\/127\.0\.0\.1:9 \(table users\): ECONNREFUSED$/m,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
