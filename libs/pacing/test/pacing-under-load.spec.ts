import { mostStartsInAnyWindow, startPacingStore, type PacingStore } from './support/pacing-table';
import { simulatePacedJobs, utilisation } from './support/paced-jobs';

let store: PacingStore;

beforeAll(async () => {
  store = await startPacingStore();
}, 60_000);
afterAll(() => store?.close());

const tenJobs = Array.from({ length: 10 }, (_, i) => ({
  name: `job-${i}`,
  chunks: 24,
  concurrency: 4,
  arrivesAtMs: i * 100,
}));

describe('the pacer under a backlog, on a virtual clock', () => {
  it.each([
    ['waits that always fit (a 60 s line)', 60_000],
    ['short waits that defer (a 3 s line)', 3000],
  ])(
    'keeps 10 jobs of 4 concurrent chunks at 8 per second within the rate plus one, using at least 90 %% of it, with %s',
    async (_, maxWaitMs) => {
      store.commands.length = 0;
      const result = await simulatePacedJobs({
        client: store.client,
        tableName: store.tableName,
        key: `polly:load-${maxWaitMs}`,
        ratePerSecond: 8,
        callMs: 300,
        maxWaitMs,
        stepMs: 25,
        jobs: tenJobs,
      });
      expect(result.grants).toBe(240);
      expect(mostStartsInAnyWindow(result.starts)).toBeLessThanOrEqual(9);
      expect(utilisation(result.starts, 8)).toBeGreaterThanOrEqual(0.9);
      if (maxWaitMs === 60_000) {
        expect(result.deferrals).toBe(0);
        expect(store.commands.length / result.grants).toBeLessThanOrEqual(1.6);
      }
    },
    120_000,
  );

  it('gives a short job that arrives behind a long one all its starts within one second', async () => {
    const result = await simulatePacedJobs({
      client: store.client,
      tableName: store.tableName,
      key: 'polly:fairness',
      ratePerSecond: 8,
      callMs: 300,
      maxWaitMs: 60_000,
      stepMs: 25,
      jobs: [
        { name: 'long', chunks: 200, concurrency: 4, arrivesAtMs: 0 },
        { name: 'short', chunks: 4, concurrency: 4, arrivesAtMs: 5000 },
      ],
    });
    const short = result.jobs['short']!;
    expect(short.starts).toHaveLength(4);
    // Behind at most the long job's four places in line, then its own four: eight slots.
    expect(Math.max(...short.starts) - short.firstAskMs).toBeLessThanOrEqual(8 * 125);
  }, 120_000);
});
