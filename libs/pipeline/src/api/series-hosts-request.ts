import { VOICE_QUALITIES } from '@lumcast/quota';
import { parseRequestedHosts, ScriptInputError } from '@lumcast/script-generation';
import type { HostProfile } from '../contract/series-hosts-bodies';
import { seriesHostsEditSchema } from '../contract/series-hosts-bodies';
import { EPISODE_LANGUAGES } from '../options/episode-options';
import { PodcastRequestError } from '../errors';
import { requestText } from './request-text';

/** Every voice of each quality in `GET /api/options`, over all its languages. */
const OFFERED_VOICES = new Map(
  VOICE_QUALITIES.map((quality) => [
    quality,
    new Set(
      EPISODE_LANGUAGES.flatMap(
        (language) => language.qualities.find((entry) => entry.quality === quality)?.voices ?? [],
      ),
    ),
  ]),
);

/**
 * Parses and validates a `PUT /api/series/{seriesId}/hosts` body (raw text) into the series'
 * host profiles, or throws a `PodcastRequestError` (a 400) whose `field` names the host and its
 * field (`hosts.1.persona`, `hosts.0.voices.neural`):
 *
 * - the body is `seriesHostsEditSchema` (no other field, anywhere);
 * - an empty list is allowed: the series then keeps no profiles;
 * - otherwise one to three hosts (the most any format of `GET /api/options` has), names and
 *   personas under the shared text rule (a name as an id, a persona as text of many lines;
 *   both in NFC), names as a request's host names (letters, at most 60 characters, different
 *   without case), personas at most 1,000 characters (`parseRequestedHosts`);
 * - each voice one of that quality's voices in `GET /api/options` (in some language: the
 *   episode's own language is checked when an episode is made), and no two hosts with one voice.
 *
 * @example
 * ```ts
 * parseSeriesHostsEdit('{"hosts":[{"name":"Ada","voices":{"neural":"Danielle"}}]}');
 * // [{ name: 'Ada', voices: { neural: 'Danielle' } }]
 * ```
 */
export function parseSeriesHostsEdit(rawBody: string | undefined): HostProfile[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  const parsed = seriesHostsEditSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const unknownKey = issue && 'keys' in issue ? (issue.keys as string[])[0] : undefined;
    const field = [...(issue?.path ?? []), ...(unknownKey === undefined ? [] : [unknownKey])]
      .map(String)
      .join('.');
    const named = field === '' ? 'body' : field;
    throw new PodcastRequestError(
      unknownKey === undefined ? 'invalid_field' : 'unknown_field',
      `${named}: ${issue?.message ?? 'invalid'}.`,
      named,
    );
  }
  if (parsed.data.hosts.length === 0) return [];
  const texts = parsed.data.hosts.map((host, index) => ({
    ...host,
    name: requestText(host.name, `hosts.${index}.name`, 'id') as string,
    ...(host.persona === undefined
      ? {}
      : { persona: requestText(host.persona, `hosts.${index}.persona`, 'lines') as string }),
  }));
  let checked;
  try {
    checked = parseRequestedHosts(texts);
  } catch (error) {
    if (!(error instanceof ScriptInputError)) throw error;
    throw new PodcastRequestError(
      'invalid_field',
      `${error.field}: ${error.message}.`,
      error.field,
    );
  }
  return checked.map((host, index) => {
    const voices = texts[index]?.voices;
    checkVoices(texts, index);
    return voices === undefined || Object.keys(voices).length === 0 ? host : { ...host, voices };
  });
}

/** Refuses a voice `GET /api/options` does not offer for its quality, or one an earlier host has. */
function checkVoices(hosts: readonly HostProfile[], index: number): void {
  for (const quality of VOICE_QUALITIES) {
    const voice = hosts[index]?.voices?.[quality];
    if (voice === undefined) continue;
    const field = `hosts.${index}.voices.${quality}`;
    if (!OFFERED_VOICES.get(quality)?.has(voice)) {
      throw new PodcastRequestError(
        'invalid_field',
        `${field}: ${JSON.stringify(voice)} is not one of the ${quality} voices of GET /api/options.`,
        field,
      );
    }
    const earlier = hosts.slice(0, index).findIndex((host) => host.voices?.[quality] === voice);
    if (earlier >= 0) {
      throw new PodcastRequestError(
        'invalid_field',
        `${field}: ${voice} is already the ${quality} voice of host ${earlier}; give each host a voice of their own.`,
        field,
      );
    }
  }
}
