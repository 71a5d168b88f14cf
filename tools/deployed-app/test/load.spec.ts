import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

/**
 * How long a job may take to be final here: a chunk still throttled may, by the template's own
 * SynthesizeChunk Retry (15 attempts, full jitter up to 60 s each), wait more than 10 minutes in
 * AWS's time before it is spoken, so the wait allows that, and the test a minute more for its checks.
 */
const FINAL_WITHIN_MS = 900_000;

beforeAll(async () => {
  // AWS's own time (timeScale 1): Polly's 8 TPS is a real-time limit, so only at scale 1 do the
  // throttling retries (15 attempts, 60 s cap) wait as long against it as they would in AWS.
  deployed = await startDeployedApp({ timeScale: 1 });
}, 180_000);
afterAll(() => deployed?.stop());

describe('load through the deployed app', () => {
  it(
    'brings 20 users × 2 episodes at once against Polly at 8 TPS all to ready, each charged exactly once, none over its limit',
    async () => {
      const users = Array.from({ length: 20 }, (_, i) => `load-user-${i + 1}`);
      const tokens = new Map(
        await Promise.all(users.map(async (user) => [user, await deployed.token(user)] as const)),
      );
      const started = Date.now();
      const failedInvocations = () =>
        deployed.runtime.invocations.filter((invocation) => invocation.errorType !== undefined);
      const jobIds = await Promise.all(
        users.flatMap((user) =>
          [1, 2].map((n) =>
            createEpisode(deployed, tokens.get(user)!, {
              topic: `Load ${user} #${n}`,
              minutes: 1,
              quality: 'neural',
            }).then(
              (jobId) => ({ user, jobId }),
              (error: unknown) => {
                // Name the function errors behind a 500, not just the 500.
                throw new Error(
                  `${String(error)}; failed invocations: ${JSON.stringify(failedInvocations())}`,
                );
              },
            ),
          ),
        ),
      );
      const jobs = await Promise.all(
        jobIds.map(async ({ user, jobId }) => ({
          user,
          job: await untilFinal(deployed, tokens.get(user)!, jobId, FINAL_WITHIN_MS),
        })),
      );
      const wallSeconds = (Date.now() - started) / 1000;
      expect(jobs.map(({ job }) => job.status)).toEqual(jobs.map(() => 'ready'));
      for (const user of users) {
        const quota = (await api(deployed, tokens.get(user)!, 'GET', '/api/quota')).body as {
          used: number;
          limit: number;
        };
        const charged = jobs
          .filter((j) => j.user === user)
          .reduce((sum, j) => sum + (j.job.cost ?? 0), 0);
        expect(quota.used).toBe(charged);
        expect(quota.used).toBeLessThanOrEqual(quota.limit);
      }
      expect(deployed.polly.counters.maxAdmittedInAnySecond.neural).toBeLessThanOrEqual(8);
      expect(describeDenials(deployed)).toEqual([]);
      const totalChunks = jobs.reduce((sum, { job }) => sum + job.progress.total, 0);
      const boundSeconds = totalChunks / 8;
      // A figure for tools/README.md, not an assertion: where the run is against the TPS bound.
      const line = `load: 40 episodes, ${totalChunks} chunks, wall ${wallSeconds.toFixed(1)} s, TPS bound ${boundSeconds.toFixed(1)} s, Polly throttled ${deployed.polly.counters.throttled} times`;
      console.log(line);
    },
    FINAL_WITHIN_MS + 60_000,
  );
});
