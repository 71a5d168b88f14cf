import type { VoiceQuality } from '@lumcast/quota';
import { HOST_PERSONA_MAX_CHARS } from '@lumcast/script-generation';
import type { EpisodeOptions, SeriesHosts, SeriesHostsEdit } from '../api/types';

/** The longest persona a host profile may have, in characters: the script writer's own limit. */
export const PERSONA_MAX_CHARS = HOST_PERSONA_MAX_CHARS;

/** The voice qualities a host profile names a voice for, in the order the panel shows them. */
export const HOST_VOICE_QUALITIES: readonly VoiceQuality[] = ['standard', 'neural', 'generative'];

/**
 * One host profile as the panel edits it: a key of its own, and the name, persona and voice
 * per quality as typed or chosen (`''`: none, the language's default voice).
 */
export interface DraftHost {
  key: string;
  name: string;
  persona: string;
  voices: Record<VoiceQuality, string>;
}

/** The panel's hosts for a series' profiles as the API sent them. */
export function draftHostsOf(hosts: SeriesHosts['hosts']): DraftHost[] {
  return hosts.map((host, index) => ({
    key: `host-${index}`,
    name: host.name,
    persona: host.persona ?? '',
    voices: {
      standard: host.voices?.standard ?? '',
      neural: host.voices?.neural ?? '',
      generative: host.voices?.generative ?? '',
    },
  }));
}

/** An empty host profile keyed `key`. */
export function emptyHost(key: string): DraftHost {
  return { key, name: '', persona: '', voices: { standard: '', neural: '', generative: '' } };
}

/**
 * The body of `PUT /api/series/{seriesId}/hosts` for the panel's hosts: names and personas
 * trimmed, an empty persona and the default voices left out.
 *
 * @example
 * ```ts
 * hostsEditOf([{ key: 'a', name: ' Noor ', persona: '', voices: { standard: '', neural: 'Ruth', generative: '' } }]);
 * // { hosts: [{ name: 'Noor', voices: { neural: 'Ruth' } }] }
 * ```
 */
export function hostsEditOf(hosts: readonly DraftHost[]): SeriesHostsEdit {
  return {
    hosts: hosts.map((host) => {
      const persona = host.persona.trim();
      const voices = Object.fromEntries(
        HOST_VOICE_QUALITIES.filter((quality) => host.voices[quality] !== '').map((quality) => [
          quality,
          host.voices[quality],
        ]),
      );
      return {
        name: host.name.trim(),
        ...(persona === '' ? {} : { persona }),
        ...(Object.keys(voices).length === 0 ? {} : { voices }),
      };
    }),
  };
}

/** A host's field the panel can point at: its name, persona, or voice of one quality. */
export type HostField = 'name' | 'persona' | VoiceQuality;

/** A message beside one host's field. */
export interface HostProblem {
  index: number;
  field: HostField;
  message: string;
}

/** What the panel checks before it sends: each host named, each persona within its limit. */
export function hostsProblems(hosts: readonly DraftHost[]): HostProblem[] {
  return hosts.flatMap((host, index): HostProblem[] => {
    const problems: HostProblem[] = [];
    if (host.name.trim() === '') problems.push({ index, field: 'name', message: 'Name the host.' });
    const persona = host.persona.trim().length;
    if (persona > PERSONA_MAX_CHARS) {
      problems.push({
        index,
        field: 'persona',
        message: `Keep the persona to ${PERSONA_MAX_CHARS.toLocaleString('en-US')} characters (now ${persona.toLocaleString('en-US')}).`,
      });
    }
    return problems;
  });
}

/**
 * The host field an API `error.field` names (`hosts.1.persona`, `hosts.0.voices.neural`), if
 * it names one.
 */
export function hostFieldOf(field: string | undefined): Omit<HostProblem, 'message'> | undefined {
  const match = /^hosts\.(\d+)\.(name|persona|voices\.(standard|neural|generative))/.exec(
    field ?? '',
  );
  if (!match) return undefined;
  const named = (match[3] ?? match[2]) as HostField;
  return { index: Number(match[1]), field: named };
}

/** The voices of one quality `GET /api/options` offers, by language, for a voice select. */
export function voiceGroups(
  options: EpisodeOptions | undefined,
  quality: VoiceQuality,
): { language: string; voices: readonly string[] }[] {
  return (options?.languages ?? []).flatMap((language) => {
    const voices = language.qualities.find((entry) => entry.quality === quality)?.voices ?? [];
    return voices.length === 0 ? [] : [{ language: language.name, voices }];
  });
}
