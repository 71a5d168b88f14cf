import {
  DEFAULT_SCRIPT_LANGUAGE,
  parseScriptRequest,
  ScriptInputError,
} from '@lumcast/script-generation';
import type { HostProfile } from '../contract/series-hosts-bodies';
import { PodcastRequestError } from '../errors';
import type { JobHostProfile } from '../jobs/job';
import { episodeLanguage } from '../options/episode-options';
import { voiceChoiceProblem } from '../options/voice-choice';
import type { SeriesHostProfiles } from '../series/series-host-profiles';
import type { PodcastRequest } from './podcast-request';

/** The hosts an episode is made with: their names, and what the series' profiles gave them. */
export interface EpisodeHosts {
  /** The host names to keep on the job; absent: the format's default hosts. */
  hosts?: string[];
  /** Each host's persona and voice, in `hosts`' order; absent when no profile gave either. */
  hostProfiles?: JobHostProfile[];
}

/**
 * The hosts of a new episode (`POST /api/podcasts`):
 *
 * - a request that names its hosts keeps them, with no persona and the default voices: **the
 *   request's list wins** over its series' profiles (a one-off guest episode stays possible);
 * - otherwise an episode of a series that keeps host profiles (`PUT /api/series/{id}/hosts`) is
 *   made with them: their names, each persona for the script writer, and each host's voice for
 *   the request's quality (absent: the engine's default voice for that host's place);
 * - otherwise the format's default hosts, as before.
 *
 * The profiles must fit the episode as a request's hosts must (`parseScriptRequest`,
 * `voiceChoiceProblem`: the format's host count, the quality's voices in the language), and each
 * chosen voice must be one of that quality's voices in the episode's language. Otherwise a
 * `PodcastRequestError` (400 on `seriesId`) says which host and why, before anything is held.
 *
 * @example
 * ```ts
 * const { hosts, hostProfiles } = await episodeHosts(deps.seriesHosts, userId, request);
 * ```
 */
export async function episodeHosts(
  profiles: Pick<SeriesHostProfiles, 'get'>,
  userId: string,
  request: PodcastRequest,
): Promise<EpisodeHosts> {
  if (request.hosts !== undefined) return { hosts: request.hosts.map((host) => host.name) };
  if (request.seriesId === undefined) return {};
  const kept = await profiles.get(userId, request.seriesId);
  if (kept.length === 0) return {};
  checkFit(request, kept);
  const hostProfiles = kept.map((host, index) => jobHostProfile(request, host, index));
  return {
    hosts: kept.map((host) => host.name),
    ...(hostProfiles.some((profile) => Object.keys(profile).length > 0) ? { hostProfiles } : {}),
  };
}

/** Refuses profiles that do not fit the episode as a request's own hosts would not. */
function checkFit(request: PodcastRequest, kept: readonly HostProfile[]): void {
  const refuse = (message: string): never => {
    throw new PodcastRequestError(
      'invalid_field',
      `The hosts of series "${request.seriesId}" do not fit this episode: ${message} Change the series' hosts (PUT /api/series/{seriesId}/hosts) or name this episode's hosts.`,
      'seriesId',
    );
  };
  try {
    const problem = voiceChoiceProblem(
      parseScriptRequest({
        topic: request.topic,
        minutes: request.minutes,
        quality: request.quality,
        ...(request.format === undefined ? {} : { format: request.format }),
        ...(request.language === undefined ? {} : { language: request.language }),
        hosts: kept.map((host) => ({ name: host.name })),
      }),
    );
    if (problem) refuse(problem.message);
  } catch (error) {
    if (!(error instanceof ScriptInputError)) throw error;
    refuse(`${error.message}.`);
  }
}

/** One host's persona and chosen voice for the request's quality, the voice checked against its language. */
function jobHostProfile(request: PodcastRequest, host: HostProfile, index: number): JobHostProfile {
  const voice = host.voices?.[request.quality];
  const language = request.language ?? DEFAULT_SCRIPT_LANGUAGE;
  if (voice !== undefined) {
    const offered =
      episodeLanguage(language)?.qualities.find((entry) => entry.quality === request.quality)
        ?.voices ?? [];
    if (!offered.includes(voice)) {
      throw new PodcastRequestError(
        'invalid_field',
        `Host ${index} (${host.name}) of series "${request.seriesId}" speaks ${request.quality} in ${voice}, which is not a ${request.quality} voice of ${language} (those are ${offered.join(', ')}). Choose another voice for the series' host, or another language.`,
        'seriesId',
      );
    }
  }
  return {
    ...(host.persona === undefined ? {} : { persona: host.persona }),
    ...(voice === undefined ? {} : { voice }),
  };
}
