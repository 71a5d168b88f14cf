import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from './podcast-format';

/** Most hosts an episode may have. */
export const SCRIPT_HOSTS_MAX = 3;

/** Position of a host in an episode's host list, from 0 (its voice is chosen from this). */
export type HostIndex = 0 | 1 | 2;

/** How many hosts each format takes: a lecture has exactly one, every conversation two or three. */
export const FORMAT_HOST_COUNTS: Readonly<
  Record<PodcastFormat, { readonly min: number; readonly max: number }>
> = Object.freeze({
  'deep-dive': { min: 2, max: SCRIPT_HOSTS_MAX },
  brief: { min: 2, max: SCRIPT_HOSTS_MAX },
  debate: { min: 2, max: SCRIPT_HOSTS_MAX },
  critique: { min: 2, max: SCRIPT_HOSTS_MAX },
  lecture: { min: 1, max: 1 },
});

/** Host names used when a request names none: the first one for a lecture, both otherwise. */
export const DEFAULT_HOSTS: readonly [string, string] = ['Alex', 'Sam'];

/**
 * The host names of an episode: the request's own, or {@link DEFAULT_HOSTS} sized for its
 * format (one for a lecture, two otherwise).
 *
 * @example
 * ```ts
 * episodeHosts({ format: 'lecture' }); // ['Alex']
 * episodeHosts({ hosts: [{ name: 'Noor' }, { name: 'Ivo' }] }); // ['Noor', 'Ivo']
 * ```
 */
export function episodeHosts(request: {
  format?: PodcastFormat;
  hosts?: readonly { name: string }[];
}): readonly string[] {
  if (request.hosts && request.hosts.length > 0) return request.hosts.map((host) => host.name);
  const { min } = FORMAT_HOST_COUNTS[request.format ?? DEFAULT_PODCAST_FORMAT];
  return DEFAULT_HOSTS.slice(0, Math.max(1, Math.min(min, DEFAULT_HOSTS.length)));
}

/** The issue message of a segment whose speaker is not a host. */
export function notAHostMessage(speaker: string, ...hosts: string[]): string {
  return hosts.length === 1
    ? `speaker "${speaker}" is not the host (${hosts[0] ?? ''})`
    : `speaker "${speaker}" is not one of the hosts (${hosts.join(', ')})`;
}

/** The position of the first host whose name repeats an earlier one, or `-1` when all differ. */
export function repeatedHostIndex(hosts: readonly { name: string }[]): number {
  const seen = new Set<string>();
  for (const [index, host] of hosts.entries()) {
    const key = host.name.toLocaleLowerCase();
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return -1;
}
