import { buildScriptPrompts, parseScriptRequest } from '@lumcast/script-generation';
import { createTables, startDynalite, type LocalDynamo } from '@lumcast/local-dynamo';
import { SeriesInputError, SeriesMemoryError } from '../src/errors';
import {
  SERIES_MEMORY_TABLE_KEY,
  SeriesMemory,
  type RememberedEpisode,
} from '../src/series/series-memory';

const TABLE = 'series-memory';

function episode(jobId: string, overrides: Partial<RememberedEpisode> = {}): RememberedEpisode {
  return {
    userId: 'user-1',
    seriesId: 'rivers',
    jobId,
    title: `Episode ${jobId}`,
    summary: `Summary of ${jobId}.`,
    keyPoints: [`Point A of ${jobId}.`, `Point B of ${jobId}.`],
    ...overrides,
  };
}

describe('SeriesMemory', () => {
  let dynamo: LocalDynamo;
  let clock: number;
  let memory: SeriesMemory;

  beforeEach(async () => {
    dynamo = await startDynalite();
    await createTables(dynamo.client, [
      {
        name: TABLE,
        partitionKey: SERIES_MEMORY_TABLE_KEY.partitionKey,
        sortKey: SERIES_MEMORY_TABLE_KEY.sortKey,
      },
    ]);
    clock = Date.parse('2026-12-02T09:00:00Z');
    memory = new SeriesMemory({
      client: dynamo.client,
      tableName: TABLE,
      now: () => new Date((clock += 60_000)),
    });
  });

  afterEach(async () => {
    await dynamo.close();
  });

  describe('remember and recall', () => {
    it('recalls what was remembered', async () => {
      await memory.remember(episode('job-1'));

      await expect(memory.recall({ userId: 'user-1', seriesId: 'rivers' })).resolves.toEqual({
        seriesId: 'rivers',
        previousEpisodes: [
          {
            title: 'Episode job-1',
            summary: 'Summary of job-1.',
            keyPoints: ['Point A of job-1.', 'Point B of job-1.'],
          },
        ],
      });
    });

    it('returns no episodes for an unknown series', async () => {
      await expect(memory.recall({ userId: 'user-1', seriesId: 'none' })).resolves.toEqual({
        seriesId: 'none',
        previousEpisodes: [],
      });
    });

    it('returns the latest episodes that fit the budget, oldest first', async () => {
      for (const jobId of ['job-1', 'job-2', 'job-3', 'job-4', 'job-5']) {
        await memory.remember(episode(jobId, { summary: 'x'.repeat(900) }));
      }
      // each episode: 13 + 900 + 2 × 17 = 947 characters
      const series = await memory.recall({
        userId: 'user-1',
        seriesId: 'rivers',
        budgetChars: 2_000,
      });

      expect(series.previousEpisodes.map((previous) => previous.title)).toEqual([
        'Episode job-4',
        'Episode job-5',
      ]);
    });

    it('shortens the latest episode rather than losing it when it alone exceeds the budget', async () => {
      await memory.remember(episode('job-1', { summary: 'word '.repeat(300).trim() }));

      const series = await memory.recall({
        userId: 'user-1',
        seriesId: 'rivers',
        budgetChars: 200,
      });

      const [only] = series.previousEpisodes;
      expect(only?.title).toBe('Episode job-1');
      expect(only?.keyPoints).toEqual([]);
      expect(only?.summary.endsWith('…')).toBe(true);
      expect((only?.title.length ?? 0) + (only?.summary.length ?? 0)).toBeLessThanOrEqual(200);
    });

    it('reads past the first page of a long series', async () => {
      for (let index = 1; index <= 30; index += 1) {
        await memory.remember(episode(`job-${String(index).padStart(2, '0')}`, { keyPoints: [] }));
      }
      const series = await memory.recall({
        userId: 'user-1',
        seriesId: 'rivers',
        budgetChars: 12_000,
      });

      expect(series.previousEpisodes).toHaveLength(30);
      expect(series.previousEpisodes[0]?.title).toBe('Episode job-01');
      expect(series.previousEpisodes[29]?.title).toBe('Episode job-30');
    });

    it('keeps a job once when it is remembered twice (a retried callback)', async () => {
      await memory.remember(episode('job-1'));
      await memory.remember(episode('job-2'));
      await memory.remember(episode('job-2'));

      const series = await memory.recall({ userId: 'user-1', seriesId: 'rivers' });

      expect(series.previousEpisodes.map((previous) => previous.title)).toEqual([
        'Episode job-1',
        'Episode job-2',
      ]);
    });

    it('keeps series apart per user and per series', async () => {
      await memory.remember(episode('job-1'));
      await memory.remember(episode('job-2', { userId: 'user-2' }));
      await memory.remember(episode('job-3', { seriesId: 'oceans' }));

      const mine = await memory.recall({ userId: 'user-1', seriesId: 'rivers' });
      const theirs = await memory.recall({ userId: 'user-2', seriesId: 'rivers' });

      expect(mine.previousEpisodes.map((previous) => previous.title)).toEqual(['Episode job-1']);
      expect(theirs.previousEpisodes.map((previous) => previous.title)).toEqual(['Episode job-2']);
    });

    it('gives a context that a script request accepts and a prompt quotes in the user turn', async () => {
      await memory.remember(episode('job-1'));
      const series = await memory.recall({ userId: 'user-1', seriesId: 'rivers' });

      const request = parseScriptRequest({
        topic: 'Rivers, part 2',
        minutes: 5,
        quality: 'neural',
        series,
      });
      const { system, user } = buildScriptPrompts(request);

      expect(user).toContain('Point A of job-1.');
      expect(system).not.toContain('Point A of job-1.');
      expect(system).toContain('do not repeat their key points');
    });
  });

  describe('bad input', () => {
    it.each([
      ['an empty user id', episode('job-1', { userId: '' }), 'userId'],
      ['a user id with "#"', episode('job-1', { userId: 'a#b' }), 'userId'],
      ['an empty title', episode('job-1', { title: ' ' }), 'title'],
      [
        'too many key points',
        episode('job-1', { keyPoints: Array.from({ length: 13 }, () => 'k') }),
        'keyPoints',
      ],
    ])('rejects remembering %s before any request', async (_case, input, field) => {
      const before = dynamo.requestsReceived();
      await expect(memory.remember(input)).rejects.toMatchObject({
        name: 'SeriesInputError',
        field,
      });
      expect(dynamo.requestsReceived()).toBe(before);
    });

    it.each([0, 12_001, 1.5])('rejects a budget of %p before any request', async (budgetChars) => {
      const before = dynamo.requestsReceived();
      await expect(
        memory.recall({ userId: 'user-1', seriesId: 'rivers', budgetChars }),
      ).rejects.toBeInstanceOf(SeriesInputError);
      expect(dynamo.requestsReceived()).toBe(before);
    });

    it('rejects an empty table name', () => {
      expect(() => new SeriesMemory({ client: dynamo.client, tableName: '' })).toThrow(
        SeriesInputError,
      );
    });
  });

  describe('DynamoDB failures', () => {
    it('maps a missing table to a SeriesMemoryError that keeps the cause', async () => {
      const lost = new SeriesMemory({ client: dynamo.client, tableName: 'no-such-table' });

      const failure = await lost
        .recall({ userId: 'user-1', seriesId: 'rivers' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SeriesMemoryError);
      expect((failure as Error).cause).toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(lost.remember(episode('job-1'))).rejects.toBeInstanceOf(SeriesMemoryError);
    });
  });
});
