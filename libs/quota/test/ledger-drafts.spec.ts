import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger } from '../src/ledger';
import type { DraftResult } from '../src/operations/draft-types';
import { QUOTA_DRAFT_ATTRIBUTES, quotaDraftKey } from '../src/users-table';
import { readCounters } from './support/counters';
import { fakeClock, putItem, readItem, suiteStore } from './support/local-dynamo';

// Wednesday of 2026-W49, and the instants around the Monday that starts 2026-W50.
const MID_WEEK = '2026-12-02T12:00:00Z';
const SUNDAY_LATE = '2026-12-06T23:58:00Z';
const MONDAY_EARLY = '2026-12-07T00:05:00Z';
const NEXT_WEEK_START = new Date('2026-12-07T00:00:00Z');

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(120_000);

const store = suiteStore('drafting');
const newUser = store.newUser;

function ledgerWith(clock: { now: () => Date }): QuotaLedger {
  return new QuotaLedger({
    client: store.dynamo.client,
    tableName: store.dynamo.tableName,
    now: clock.now,
    maxAttempts: 60,
  });
}

const ledgerAt = (iso: string) => ledgerWith(fakeClock(iso));

/** The draft count as stored on the user's item. */
async function storedDrafts(userId: string): Promise<{ week?: string; count?: number }> {
  const item = await readItem(store.dynamo, userId);
  const count = item?.[QUOTA_DRAFT_ATTRIBUTES.count]?.N;
  return {
    week: item?.[QUOTA_DRAFT_ATTRIBUTES.week]?.S,
    count: count === undefined ? undefined : Number(count),
  };
}

async function hasDraftRecord(userId: string, jobId: string): Promise<boolean> {
  const output = await store.dynamo.client.send(
    new GetItemCommand({
      TableName: store.dynamo.tableName,
      Key: { userId: { S: quotaDraftKey(userId, jobId) } },
      ConsistentRead: true,
    }),
  );
  return output.Item !== undefined;
}

function countOutcomes(results: readonly DraftResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of results) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe('QuotaLedger.countDraft', () => {
  it('counts a draft once per job, however often the same job is counted', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    expect(await ledger.countDraft({ userId, jobId: 'job-1', weeklyDrafts: 5 })).toEqual({
      outcome: 'counted',
      week: '2026-W49',
      limit: 5,
    });
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () =>
        ledger.countDraft({ userId, jobId: 'job-1', weeklyDrafts: 5 }),
      ),
    );
    expect(repeats).toEqual(
      Array.from({ length: 5 }, () => ({ outcome: 'already_counted', week: '2026-W49' })),
    );
    expect(await storedDrafts(userId)).toEqual({ week: '2026-W49', count: 1 });
  });

  it('counts exactly the limit when 50 different drafts race for a limit of 20, and refuses the rest with the next week as retryAt', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ledger.countDraft({ userId, jobId: `job-${i}`, weeklyDrafts: 20 }),
      ),
    );
    expect(countOutcomes(results)).toEqual({ counted: 20, over_limit: 30 });
    for (const result of results) {
      if (result.outcome === 'over_limit') {
        expect(result.retryAt).toEqual(NEXT_WEEK_START);
        expect(result.drafts).toEqual({
          week: '2026-W49',
          counted: 20,
          limit: 20,
          remaining: 0,
          resetsAt: NEXT_WEEK_START,
        });
      }
    }
    expect(await storedDrafts(userId)).toEqual({ week: '2026-W49', count: 20 });
    const recorded = await Promise.all(results.map((_, i) => hasDraftRecord(userId, `job-${i}`)));
    expect(recorded.filter(Boolean)).toHaveLength(20);
    results.forEach((result, i) => expect(recorded[i]).toBe(result.outcome === 'counted'));
  });

  it('answers a repeat of a counted job as counted even when the week is full', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.countDraft({ userId, jobId: 'a', weeklyDrafts: 2 });
    await ledger.countDraft({ userId, jobId: 'b', weeklyDrafts: 2 });
    expect(await ledger.countDraft({ userId, jobId: 'c', weeklyDrafts: 2 })).toMatchObject({
      outcome: 'over_limit',
    });
    expect(await ledger.countDraft({ userId, jobId: 'a', weeklyDrafts: 2 })).toEqual({
      outcome: 'already_counted',
      week: '2026-W49',
    });
    expect(await hasDraftRecord(userId, 'c')).toBe(false);
  });

  it('starts a new week from zero on the Monday, and a refusal on Sunday names that Monday', async () => {
    const userId = newUser();
    const clock = fakeClock(SUNDAY_LATE);
    const ledger = ledgerWith(clock);
    await ledger.countDraft({ userId, jobId: 'sun-1', weeklyDrafts: 1 });
    const refused = await ledger.countDraft({ userId, jobId: 'sun-2', weeklyDrafts: 1 });
    expect(refused).toMatchObject({ outcome: 'over_limit', retryAt: NEXT_WEEK_START });
    clock.set(MONDAY_EARLY);
    expect(await ledger.countDraft({ userId, jobId: 'sun-2', weeklyDrafts: 1 })).toEqual({
      outcome: 'counted',
      week: '2026-W50',
      limit: 1,
    });
    expect(await storedDrafts(userId)).toEqual({ week: '2026-W50', count: 1 });
  });

  it('never moves the draft week back for a caller whose clock is behind', async () => {
    const userId = newUser();
    await ledgerAt(MONDAY_EARLY).countDraft({ userId, jobId: 'ahead', weeklyDrafts: 3 });
    expect(
      await ledgerAt(SUNDAY_LATE).countDraft({ userId, jobId: 'behind', weeklyDrafts: 3 }),
    ).toEqual({ outcome: 'counted', week: '2026-W50', limit: 3 });
    expect(await storedDrafts(userId)).toEqual({ week: '2026-W50', count: 2 });
  });

  it.each([
    [undefined, 20],
    ['creator', 100],
    ['studio', 300],
  ])('holds a user on plan %s to %i drafts a week', async (plan, limit) => {
    const userId = newUser();
    if (plan !== undefined)
      await putItem(store.dynamo, { userId: { S: userId }, plan: { S: plan } });
    const ledger = ledgerAt(MID_WEEK);
    for (let i = 0; i < limit; i += 1) {
      expect(await ledger.countDraft({ userId, jobId: `d-${i}` })).toMatchObject({
        outcome: 'counted',
        limit,
      });
    }
    expect(await ledger.countDraft({ userId, jobId: 'one-more' })).toMatchObject({
      outcome: 'over_limit',
      drafts: { counted: limit, limit, remaining: 0 },
    });
  });

  it('leaves the slot counters alone, and a slot reservation leaves the draft count alone', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'episode', cost: 4, weeklyLimit: 200 });
    const before = await readCounters(store.dynamo, userId);
    await ledger.countDraft({ userId, jobId: 'draft', weeklyDrafts: 5 });
    expect(await readCounters(store.dynamo, userId)).toEqual(before);
    await ledger.reserve({ userId, jobId: 'draft', cost: 4, weeklyLimit: 200 });
    expect(await storedDrafts(userId)).toEqual({ week: '2026-W49', count: 1 });
    expect(await ledger.usage({ userId, weeklyLimit: 200 })).toMatchObject({ reserved: 8 });
  });

  it("counts a draft on an item of the post's design, which slot operations still read as the post's", async () => {
    const userId = newUser();
    await putItem(store.dynamo, {
      userId: { S: userId },
      quotaWeek: { S: '2026-W49' },
      quotaCount: { N: '7' },
    });
    const ledger = ledgerAt(MID_WEEK);
    expect(await ledger.countDraft({ userId, jobId: 'draft', weeklyDrafts: 5 })).toMatchObject({
      outcome: 'counted',
    });
    expect(await ledger.reserve({ userId, jobId: 'episode', cost: 4, weeklyLimit: 200 })).toEqual({
      outcome: 'reserved',
      week: '2026-W49',
      held: 4,
    });
    expect(await ledger.usage({ userId, weeklyLimit: 200 })).toMatchObject({
      used: 7,
      reserved: 4,
    });
  });

  it.each([
    ['an empty job id', { userId: 'u', jobId: '' }],
    ['a fractional limit', { userId: 'u', jobId: 'j', weeklyDrafts: 1.5 }],
    ['a negative limit', { userId: 'u', jobId: 'j', weeklyDrafts: -1 }],
  ])('refuses %s before any I/O', async (_, request) => {
    const commands = store.dynamo.commands.length;
    await expect(ledgerAt(MID_WEEK).countDraft(request)).rejects.toMatchObject({
      name: 'QuotaInputError',
    });
    expect(store.dynamo.commands.length).toBe(commands);
  });
});
