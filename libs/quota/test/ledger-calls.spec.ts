import type { QuotaLedger } from '../src/ledger';
import { ledgerOn, suiteStore } from './support/local-dynamo';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(60_000);

const MID_WEEK = '2026-12-02T12:00:00Z';

const store = suiteStore('calls');
const newUser = store.newUser;

const ledgerAt = (iso: string): QuotaLedger => ledgerOn(store.dynamo, iso);

describe('QuotaLedger: DynamoDB calls of reserve and settle (guarantee 6)', () => {
  async function commandsFor(action: () => Promise<unknown>): Promise<{ commands: string[] }> {
    const before = store.dynamo.commands.length;
    await action();
    return { commands: store.dynamo.commands.slice(before) };
  }

  it('settles a reserved job with exactly one transaction and no read', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 });
    const { commands } = await commandsFor(() =>
      ledger.settle({ userId, jobId: 'job-1', cost: 4, quotedCost: 4, weeklyLimit: 200 }),
    );
    expect(commands).toEqual(['TransactWriteItemsCommand']);
  });

  it("reserves with one consistent read and one transaction, the week's first included", async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const first = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 }),
    );
    const second = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-2', cost: 4, weeklyLimit: 200 }),
    );
    expect(first.commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    expect(second.commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
  });

  it("refuses a reservation the item already refuses with reads only, and answers a repeat from the job's record", async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 });
    const overLimit = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-2', cost: 1, weeklyLimit: 200 }),
    );
    const repeat = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 }),
    );
    expect(overLimit.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(repeat.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(
      await ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'already_reserved' });
  });
});
