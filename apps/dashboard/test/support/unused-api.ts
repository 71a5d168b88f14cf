import type { ApiClient } from '../../src/api/api-client';

/** A call a test's API does not expect: it fails the test that makes it. */
const notUsed = async (): Promise<never> => {
  throw new Error('not used');
};

/** The script and series-hosts calls of an {@link ApiClient}, for fakes whose tests make none. */
export const SCRIPTS_AND_HOSTS_NOT_USED: Pick<
  ApiClient,
  | 'getPodcastScript'
  | 'putPodcastScript'
  | 'quotePodcastScript'
  | 'renderPodcast'
  | 'getSeriesHosts'
  | 'putSeriesHosts'
> = {
  getPodcastScript: notUsed,
  putPodcastScript: notUsed,
  quotePodcastScript: notUsed,
  renderPodcast: notUsed,
  getSeriesHosts: notUsed,
  putSeriesHosts: notUsed,
};
