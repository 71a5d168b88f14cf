import { QuotaLedger } from '../src/ledger';
import { planLimitsFor } from '../src/plans';
import {
  fakeClock,
  meterCapacity,
  pipelineJobId,
  startLocalDynamo,
  type CapacityMeter,
  type CapacityUse,
  type LocalDynamo,
} from './support/local-dynamo';

// Not a timed test: it asserts the capacity DynamoDB Local reports with ReturnConsumedCapacity,
// converted to what AWS bills by billedWriteUnits (support/local-dynamo.ts), for the studio plan's
// heavy week: 1,500 one-slot jobs, after a previous week just as full.
jest.setTimeout(600_000);

const LIMIT = planLimitsFor('studio').weeklySlots;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const PREVIOUS_MONDAY = Date.parse('2026-11-23T00:00:00Z'); // 2026-W48
const THIS_MONDAY = Date.parse('2026-11-30T00:00:00Z'); // 2026-W49
// Far above any plan's: this suite measures capacity, not admission.
const ADMISSION = { maxInFlight: 10_000, reservationsPerMinute: 10_000 };

/** Job `n` of a week of `LIMIT` jobs, spread evenly over the week (6.7 minutes apart). */
const instantOf = (monday: number, n: number) =>
  new Date(monday + ((n - 0.5) * WEEK_MS) / LIMIT).toISOString();

type Operation = 'reserve' | 'grant' | 'release' | 'settle' | 'usage';
type Measured = Record<Operation, CapacityUse>;

let dynamo: LocalDynamo;
let meter: CapacityMeter;
const measured = new Map<number, Measured>();
let usedAtEnd = 0;

/** A studio week of reserve + settle for `userId`; at jobs in `measureAt` every operation is metered once. */
async function heavyWeek(
  ledger: QuotaLedger,
  clock: ReturnType<typeof fakeClock>,
  monday: number,
  userId: string,
  measureAt: ReadonlySet<number>,
): Promise<void> {
  for (let n = 1; n <= LIMIT; n += 1) {
    clock.set(instantOf(monday, n));
    const jobId = pipelineJobId(n);
    const reserve = () =>
      ledger.reserve({ userId, jobId, cost: 1, weeklyLimit: LIMIT, ...ADMISSION });
    const settle = () =>
      ledger.settle({ userId, jobId, cost: 1, quotedCost: 1, weeklyLimit: LIMIT });
    if (!measureAt.has(n)) {
      await reserve();
      await settle();
      continue;
    }
    const use: Partial<Measured> = {};
    use.reserve = await meter.measure(reserve);
    use.grant = await meter.measure(() =>
      ledger.grant({ userId, operationId: `grant-${n}`, slots: 1, weeklyLimit: LIMIT }),
    );
    // A second job, a minute later, reserved and then released (the granted slot makes room for it).
    clock.set(new Date(Date.parse(instantOf(monday, n)) + 60_000).toISOString());
    const probe = `${jobId.slice(0, -1)}x`;
    await ledger.reserve({ userId, jobId: probe, cost: 1, weeklyLimit: LIMIT, ...ADMISSION });
    use.release = await meter.measure(() => ledger.release({ userId, jobId: probe, heldCost: 1 }));
    use.settle = await meter.measure(settle);
    use.usage = await meter.measure(() => ledger.usage({ userId, weeklyLimit: LIMIT }));
    measured.set(n, use as Measured);
  }
}

beforeAll(async () => {
  dynamo = await startLocalDynamo();
  const client = dynamo.newClient();
  meter = meterCapacity(client);
  const clock = fakeClock(instantOf(PREVIOUS_MONDAY, 1));
  const ledger = new QuotaLedger({ client, tableName: dynamo.tableName, now: clock.now });
  const none = new Set<number>();
  const firstAndLast = new Set([1, LIMIT]);
  await heavyWeek(ledger, clock, PREVIOUS_MONDAY, 'studio-heavy', none);
  await heavyWeek(ledger, clock, THIS_MONDAY, 'studio-heavy', firstAndLast);
  usedAtEnd = (await ledger.usage({ userId: 'studio-heavy', weeklyLimit: LIMIT })).used;
});

afterAll(async () => {
  await dynamo?.close();
});

const first = (operation: Operation) => measured.get(1)?.[operation];
const last = (operation: Operation) => measured.get(LIMIT)?.[operation];
const WRITES: readonly Operation[] = ['reserve', 'settle', 'release', 'grant'];

describe('QuotaLedger capacity in a heavy studio week, as AWS bills it (DynamoDB Local, ReturnConsumedCapacity)', () => {
  it('ran the whole week: 1,500 one-slot jobs charged after a previous week of 1,500', () => {
    expect(usedAtEnd).toBe(LIMIT);
    expect([...measured.keys()]).toEqual([1, LIMIT]);
  });

  it.each(WRITES)(
    'bills %s at most 4 WCU, and the same for the 1st and the 1,500th job of the week',
    (operation) => {
      const atFirst = first(operation)?.write;
      const atLast = last(operation)?.write;
      expect(atFirst).toBeGreaterThan(0);
      expect(atFirst).toBeLessThanOrEqual(4);
      expect(atLast).toBeLessThanOrEqual(4);
      expect(atLast).toBe(atFirst);
    },
  );

  it.each(WRITES)(
    'completes %s with one transaction, so its 4 WCU are one two-item transaction',
    (operation) => {
      for (const use of [first(operation), last(operation)]) {
        expect((use?.transactions ?? 0) - (use?.cancelled ?? 0)).toBe(1);
        expect(use?.reportedWrite).toBe(2);
      }
    },
  );

  it('sends no cancelled attempt for any write, the first of the week included (reserve reads first and never guesses)', () => {
    expect(first('reserve')?.cancelled).toBe(0);
    for (const operation of WRITES) expect(last(operation)?.cancelled).toBe(0);
    for (const operation of ['settle', 'release', 'grant'] as const)
      expect(first(operation)?.cancelled).toBe(0);
  });

  it.each(['usage'] as const)(
    'reads %s for at most 1 RCU, on the 1st and the 1,500th job alike',
    (operation) => {
      expect(first(operation)?.read).toBeGreaterThan(0);
      expect(first(operation)?.read).toBeLessThanOrEqual(1);
      expect(last(operation)?.read).toBe(first(operation)?.read);
      expect(first(operation)?.write).toBe(0);
    },
  );

  it('reads no more than 1 RCU inside any write (reserve reads the item it aims at, grant reads the usage it reports, settle and release read nothing)', () => {
    for (const operation of WRITES) {
      expect(first(operation)?.read).toBeLessThanOrEqual(1);
      expect(last(operation)?.read).toBe(first(operation)?.read);
    }
    expect(last('settle')?.read).toBe(0);
    expect(last('reserve')?.read).toBe(1);
    expect(last('release')?.read).toBe(0);
  });
});
