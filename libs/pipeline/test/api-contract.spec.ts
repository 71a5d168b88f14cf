/**
 * The API contract (`@lumcast/pipeline/contract`) is what the router, the CDK app and the
 * dashboard all read: its names agree with the libs they stand for, its paths compile into the
 * patterns the router matches, its path builder fills each parameter as one encoded segment, and
 * it stays browser-safe (nothing it loads reaches the AWS SDK or Node).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VOICE_QUALITIES } from '@lumcast/quota';
import { PODCAST_FORMATS } from '@lumcast/script-generation';
import { routePattern } from '../src/api/route-pattern';
import {
  jobStatusSchema,
  podcastFormatSchema,
  voiceQualitySchema,
} from '../src/contract/body-enums';
import { routePath } from '../src/contract/route-path';
import { API_CONTRACT, gatewayRoutes } from '../src/contract/routes';
import { FEED_EPISODE_FILES } from '../src/feeds/feed-urls';
import { JOB_STATUSES } from '../src/jobs/job';

describe('the API contract', () => {
  it.each([
    ['job statuses', jobStatusSchema.options, JOB_STATUSES],
    ['voice qualities', voiceQualitySchema.options, VOICE_QUALITIES],
    ['podcast formats', podcastFormatSchema.options, PODCAST_FORMATS],
    ['feed episode files', API_CONTRACT.getFeedEpisodeFile.values.file, FEED_EPISODE_FILES],
  ])('names the same %s as the lib that owns them', (_, declared, owned) => {
    expect([...declared]).toEqual([...owned]);
  });

  it('gives API Gateway each signed-in route its own route and the feed routes one greedy route with GET and HEAD', () => {
    expect(gatewayRoutes().map((route) => `${route.auth} ${route.method} ${route.path}`)).toEqual([
      'jwt POST /api/podcasts',
      'jwt GET /api/podcasts',
      'jwt GET /api/podcasts/{jobId}',
      'jwt GET /api/podcasts/{jobId}/script',
      'jwt PUT /api/podcasts/{jobId}/script',
      'jwt POST /api/podcasts/{jobId}/render',
      'jwt POST /api/podcasts/{jobId}/script/quote',
      'jwt GET /api/quota',
      'jwt GET /api/options',
      'jwt POST /api/sources',
      'jwt GET /api/usage/history',
      'jwt POST /api/feeds',
      'jwt GET /api/feeds',
      'jwt DELETE /api/feeds/{feedId}',
      'jwt GET /api/series/{seriesId}/hosts',
      'jwt PUT /api/series/{seriesId}/hosts',
      'none GET /feeds/{proxy+}',
      'none HEAD /feeds/{proxy+}',
    ]);
  });

  it.each([
    ['getQuota', '/api/quota', true],
    ['getQuota', '/api/quota/', true],
    ['getQuota', '/api/quotas', false],
    ['getPodcast', '/api/podcasts/j-1', true],
    ['getPodcast', '/api/podcasts/j-1/', true],
    ['getPodcast', '/api/podcasts/j-1/audio', false],
    ['getUsageHistory', '/api/usage/history', true],
    ['getFeed', '/feeds/f-1', true],
    ['getFeed', '/feeds/f-1/', false],
    ['getFeedCover', '/feeds/f-1/cover.png', true],
    ['getFeedCover', '/feeds/f-1/coverXpng', false],
    ['getFeedEpisodeFile', '/feeds/f-1/episodes/j-1/audio.mp3', true],
    ['getFeedEpisodeFile', '/feeds/f-1/episodes/j-1/chapters.json', true],
    ['getFeedEpisodeFile', '/feeds/f-1/episodes/j-1/audio.wav', false],
    ['getFeedEpisodeFile', '/feeds/f-1/episodes/j-1/audioXmp3', false],
  ] as const)('compiles %s to a pattern that matches %s: %s', (name, rawPath, matches) => {
    expect(routePattern(API_CONTRACT[name]).test(rawPath)).toBe(matches);
  });

  it.each([
    [routePath(API_CONTRACT.getQuota, {}), '/api/quota'],
    [routePath(API_CONTRACT.getPodcast, { jobId: 'j-1' }), '/api/podcasts/j-1'],
    [routePath(API_CONTRACT.revokeFeed, { feedId: 'a/b c' }), '/api/feeds/a%2Fb%20c'],
    [routePath(API_CONTRACT.getUsageHistory, {}, { weeks: 8 }), '/api/usage/history?weeks=8'],
    [
      routePath(API_CONTRACT.listPodcasts, {}, { limit: 20, cursor: 'e+/=' }),
      '/api/podcasts?limit=20&cursor=e%2B%2F%3D',
    ],
    [routePath(API_CONTRACT.listPodcasts, {}, { cursor: undefined }), '/api/podcasts'],
  ])('builds %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it('loads at run time nothing but zod/mini and modules that import only types', () => {
    const folder = path.join(__dirname, '../src/contract');
    const allowed = new Set(['zod/mini', 'zod/locales', '../config/zod-mini', '../jobs/job']);
    const runtimeImports = (file: string): string[] =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^(?:import|export) (?!type )[^;]*? from '([^']+)'/gms,
        ),
      ].map(([, from]) => from as string);
    for (const file of readdirSync(folder)) {
      const outside = runtimeImports(path.join(folder, file)).filter(
        (from) => !from.startsWith('./') && !allowed.has(from),
      );
      expect({ file, outside }).toEqual({ file, outside: [] });
    }
    for (const file of ['../src/config/zod-mini.ts', '../src/jobs/job.ts']) {
      const outside = runtimeImports(path.join(__dirname, file)).filter(
        (from) => !allowed.has(from),
      );
      expect({ file, outside }).toEqual({ file, outside: [] });
    }
  });
});
