import { PacingStoreError } from '../src/errors';
import { IDLE_KEY_TTL_SECONDS } from '../src/pacing-table';
import { ProviderPacer, type AcquireResult } from '../src/provider-pacer';
import {
  fakeClock,
  mostStartsInAnyWindow,
  readLine,
  startPacingStore,
  writeLine,
  type PacingStore,
} from './support/pacing-table';

const T0 = Date.parse('2026-12-07T10:00:00.000Z');
let store: PacingStore;
let keys = 0;

beforeAll(async () => {
  store = await startPacingStore();
}, 60_000);
afterAll(() => store?.close());

/** A fresh key per test, so tests share one DynamoDB Local without sharing a line. */
function newKey(): string {
  keys += 1;
  return `polly:test-${keys}`;
}

function pacerAt(clock: { now: () => Date }): ProviderPacer {
  return new ProviderPacer({ client: store.client, tableName: store.tableName, now: clock.now });
}

function grantedStarts(results: readonly AcquireResult[]): number[] {
  return results.flatMap((r) => (r.outcome === 'granted' ? [r.startAt.getTime()] : []));
}

async function storedNextFreeAt(key: string): Promise<number> {
  return Number((await readLine(store, key))?.['nextFreeAt']?.N);
}

describe('ProviderPacer on DynamoDB Local', () => {
  it('grants an idle key now, and the next caller one slot later', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = pacerAt(clock);
    const first = await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 5000 });
    const second = await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 5000 });
    expect(first).toEqual({ outcome: 'granted', startAt: new Date(T0) });
    expect(second).toEqual({ outcome: 'granted', startAt: new Date(T0 + 125) });
  });

  it.each([8, 80])(
    'gives 120 concurrent callers at %i per second distinct starts one slot apart, never over the rate plus one in any second',
    async (rate) => {
      const clock = fakeClock(T0);
      const key = newKey();
      // Separate pacers (containers) on separate clients: nothing is shared but the table.
      const results = await Promise.all(
        Array.from({ length: 120 }, () =>
          new ProviderPacer({
            client: store.dynamo.newClient(),
            tableName: store.tableName,
            now: clock.now,
          }).acquire({ key, ratePerSecond: rate, maxWaitMs: 60_000 }),
        ),
      );
      const starts = grantedStarts(results).sort((a, b) => a - b);
      const slotMs = 1000 / rate;
      expect(starts).toHaveLength(120);
      starts.forEach((start, i) => expect(start).toBe(Math.ceil(T0 + i * slotMs)));
      expect(mostStartsInAnyWindow(starts)).toBeLessThanOrEqual(rate + 1);
      expect(await storedNextFreeAt(key)).toBeCloseTo(T0 + 120 * slotMs, 6);
    },
    60_000,
  );

  it('defers callers past maxWaitMs without taking anything, and says when a start would fit', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = pacerAt(clock);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 1000 })),
    );
    const starts = grantedStarts(results).sort((a, b) => a - b);
    // Starts at +0, +125, ..., +1000 fit within one second of waiting: nine of them.
    expect(starts).toEqual(Array.from({ length: 9 }, (_, i) => T0 + i * 125));
    const deferred = results.filter((r) => r.outcome === 'deferred');
    expect(deferred).toHaveLength(11);
    for (const result of deferred)
      expect(result).toEqual({ outcome: 'deferred', retryAt: new Date(T0 + 125) });
    expect(await storedNextFreeAt(key)).toBe(T0 + 9 * 125);

    clock.advance(125);
    expect(await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 1000 })).toEqual({
      outcome: 'granted',
      startAt: new Date(T0 + 1125),
    });
  });

  it.each([
    [1, 125],
    [3, 375],
    [0.5, 62.5],
    [0, 0],
  ])('lets a call of cost %d take %d ms of the key at 8 per second', async (cost, slotMs) => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = pacerAt(clock);
    await pacer.acquire({ key, ratePerSecond: 8, cost, maxWaitMs: 0 });
    const next = await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 1000 });
    expect(next).toEqual({ outcome: 'granted', startAt: new Date(Math.ceil(T0 + slotMs)) });
  });

  it('grants no start closer to now than its start lead, and opens a line that is shorter than the lead', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = new ProviderPacer({
      client: store.client,
      tableName: store.tableName,
      now: clock.now,
      startLeadMs: 100,
    });
    expect(await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 5000 })).toEqual({
      outcome: 'granted',
      startAt: new Date(T0 + 100),
    });
    // The line ends at +225; 150 ms later it is 75 ms long, shorter than the lead.
    clock.advance(150);
    expect(await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 5000 })).toEqual({
      outcome: 'granted',
      startAt: new Date(T0 + 250),
    });
    expect(await storedNextFreeAt(key)).toBe(T0 + 375);
    // A caller that accepts less than the lead is granted no later than it accepts.
    expect(await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 0 })).toEqual({
      outcome: 'deferred',
      retryAt: new Date(T0 + 375),
    });
  });

  it('keeps each key its own line', async () => {
    const clock = fakeClock(T0);
    const [a, b] = [newKey(), newKey()];
    const pacer = pacerAt(clock);
    await pacer.acquire({ key: a, ratePerSecond: 1, maxWaitMs: 0 });
    expect(await pacer.acquire({ key: b, ratePerSecond: 1, maxWaitMs: 0 })).toEqual({
      outcome: 'granted',
      startAt: new Date(T0),
    });
  });

  it('never moves the next free instant backwards, even for a caller whose clock is behind', async () => {
    const key = newKey();
    const ahead = pacerAt(fakeClock(T0 + 10_000));
    const behind = pacerAt(fakeClock(T0));
    await ahead.acquire({ key, ratePerSecond: 8, maxWaitMs: 0 });
    const lineEnd = await storedNextFreeAt(key);
    expect(await behind.acquire({ key, ratePerSecond: 8, maxWaitMs: 5000 })).toEqual({
      outcome: 'deferred',
      retryAt: new Date(lineEnd - 5000),
    });
    expect(await behind.acquire({ key, ratePerSecond: 8, maxWaitMs: 20_000 })).toEqual({
      outcome: 'granted',
      startAt: new Date(lineEnd),
    });
    expect(await storedNextFreeAt(key)).toBe(lineEnd + 125);
  });

  it('costs one conditional write per grant on a backlog, and at most two to open an idle key', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = pacerAt(clock);
    store.commands.length = 0;
    await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 60_000 });
    expect(store.commands.length).toBeLessThanOrEqual(2);
    store.commands.length = 0;
    for (let i = 0; i < 50; i++) await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 60_000 });
    expect(store.commands).toEqual(Array.from({ length: 50 }, () => 'UpdateItemCommand'));
    // This container saw the line drain: it opens the idle key in one write, not two.
    clock.advance(60_000);
    store.commands.length = 0;
    await pacer.acquire({ key, ratePerSecond: 8, maxWaitMs: 60_000 });
    expect(store.commands).toEqual(['UpdateItemCommand']);
  });

  it('writes one item of one write unit, however long the line', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    const pacer = pacerAt(clock);
    store.writeUnits.length = 0;
    for (let i = 0; i < 1000; i++)
      await pacer.acquire({ key, ratePerSecond: 80, maxWaitMs: 600_000 });
    expect(store.writeUnits).toHaveLength(1000);
    expect(new Set(store.writeUnits)).toEqual(new Set([1]));
  }, 60_000);

  it('sets the item to expire an hour after the latest end of its line', async () => {
    const clock = fakeClock(T0);
    const key = newKey();
    await pacerAt(clock).acquire({ key, ratePerSecond: 8, maxWaitMs: 2000 });
    const item = await readLine(store, key);
    expect(Number(item?.['expiresAt']?.N)).toBe(
      Math.ceil((T0 + 2125) / 1000) + IDLE_KEY_TTL_SECONDS,
    );
  });

  it('answers an item it did not write with a PacingStoreError, not a guess', async () => {
    const key = newKey();
    await writeLine(store, key, { nextFreeAt: { S: 'soon' } });
    await expect(
      pacerAt(fakeClock(T0)).acquire({ key, ratePerSecond: 8, maxWaitMs: 1000 }),
    ).rejects.toBeInstanceOf(PacingStoreError);
  });

  it('answers a missing table with a PacingStoreError that keeps the cause', async () => {
    const pacer = new ProviderPacer({
      client: store.client,
      tableName: 'no-such-table',
      now: () => new Date(T0),
    });
    const error = await pacer
      .acquire({ key: newKey(), ratePerSecond: 8, maxWaitMs: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PacingStoreError);
    expect((error as PacingStoreError).cause).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
