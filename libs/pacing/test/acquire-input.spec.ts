import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PacingInputError } from '../src/errors';
import { ProviderPacer } from '../src/provider-pacer';
import type { AcquireRequest } from '../src/acquire-request';

const VALID: AcquireRequest = { key: 'polly:neural', ratePerSecond: 8, maxWaitMs: 1000 };

/** A client that fails the test if the pacer ever sends anything. */
function clientThatMustNotBeCalled(): { client: DynamoDBClient; sent: () => number } {
  let sent = 0;
  const client = {
    send: async () => {
      sent++;
      throw new Error('no I/O expected');
    },
  } as unknown as DynamoDBClient;
  return { client, sent: () => sent };
}

describe('ProviderPacer.acquire input', () => {
  it.each<[string, Partial<AcquireRequest> & Record<string, unknown>, string]>([
    ['an empty key', { key: '' }, 'key'],
    ['a key over 2 KB', { key: 'k'.repeat(2049) }, 'key'],
    ['a rate of 0', { ratePerSecond: 0 }, 'ratePerSecond'],
    ['a negative rate', { ratePerSecond: -8 }, 'ratePerSecond'],
    ['an infinite rate', { ratePerSecond: Number.POSITIVE_INFINITY }, 'ratePerSecond'],
    ['a rate that is not a number', { ratePerSecond: Number.NaN }, 'ratePerSecond'],
    ['a negative cost', { cost: -1 }, 'cost'],
    ['a cost that is not a number', { cost: Number.NaN }, 'cost'],
    ['a negative wait', { maxWaitMs: -1 }, 'maxWaitMs'],
    ['an infinite wait', { maxWaitMs: Number.POSITIVE_INFINITY }, 'maxWaitMs'],
  ])(
    'refuses %s with a PacingInputError naming the field, before any I/O',
    async (_, change, field) => {
      const { client, sent } = clientThatMustNotBeCalled();
      const pacer = new ProviderPacer({ client, tableName: 'pacing' });
      const error = await pacer
        .acquire({ ...VALID, ...change } as AcquireRequest)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PacingInputError);
      expect((error as PacingInputError).field).toBe(field);
      expect((error as PacingInputError).name).toBe('PacingInputError');
      expect(sent()).toBe(0);
    },
  );

  it.each([-1, Number.NaN])('refuses a start lead of %d when it is made', (startLeadMs) => {
    const { client } = clientThatMustNotBeCalled();
    expect(() => new ProviderPacer({ client, tableName: 'pacing', startLeadMs })).toThrow(
      PacingInputError,
    );
  });

  it('refuses a clock that gives an invalid date, before any I/O', async () => {
    const { client, sent } = clientThatMustNotBeCalled();
    const pacer = new ProviderPacer({
      client,
      tableName: 'pacing',
      now: () => new Date(Number.NaN),
    });
    await expect(pacer.acquire(VALID)).rejects.toMatchObject({
      name: 'PacingInputError',
      field: 'now',
    });
    expect(sent()).toBe(0);
  });
});
