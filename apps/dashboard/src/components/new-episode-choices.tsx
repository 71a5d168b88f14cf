import type { ReactNode } from 'react';
import type { EpisodeOptions } from '../api/types';
import type { EpisodeField } from '../domain/episode-draft';
import {
  BRIEF_MAX_MINUTES,
  DEFAULT_SCRIPT_LANGUAGE,
  scriptLanguageName,
  type PodcastFormat,
} from '@lumcast/script-generation';
import { EPISODE_FIELDS } from '../hooks/use-episode-draft';
import { QUALITY_LABELS } from './cost-calculator';

// The new-episode form's choices and labels: what its selects offer and how its fields are named.

/** The form's field an API `error.field` names (`hosts.1.name` is the Hosts field), if any. */
export function episodeFieldOf(field: string | undefined): EpisodeField | undefined {
  const head = field?.split('.')[0];
  return (EPISODE_FIELDS as readonly (string | undefined)[]).includes(head)
    ? (head as EpisodeField)
    : undefined;
}

/**
 * What each episode format is called in the Format select.
 */
export const FORMAT_LABELS: Record<PodcastFormat, string> = {
  'deep-dive': 'Deep dive (two hosts explore the topic)',
  brief: `Brief (1–${BRIEF_MAX_MINUTES} minutes)`,
  debate: 'Debate (the hosts take opposite sides)',
  critique: 'Critique (strengths and weaknesses)',
  lecture: 'Lecture (one host explains)',
};

/**
 * The languages the Language select offers: `GET /api/options`' list, or only the default
 * language while it loads or when it could not be read (the API accepts that one always).
 */
export function languageChoices(options: EpisodeOptions | undefined): EpisodeOptions['languages'] {
  return (
    options?.languages ?? [
      {
        code: DEFAULT_SCRIPT_LANGUAGE,
        name: scriptLanguageName(DEFAULT_SCRIPT_LANGUAGE),
        qualities: [],
      },
    ]
  );
}

/**
 * The Voice quality field's hint for a language: each quality it has, with its voices; or
 * nothing when the options are not known.
 */
export function qualityHint(
  language: EpisodeOptions['languages'][number] | undefined,
): string | undefined {
  if (!language || language.qualities.length === 0) return undefined;
  const voices = language.qualities
    .map(({ quality, voices: names }) => `${QUALITY_LABELS[quality]}: ${names.join(', ')}`)
    .join(' · ');
  return `${language.name} voices — ${voices}.`;
}

/** A field's label followed by a muted "(optional)". */
export function optional(label: ReactNode): ReactNode {
  return (
    <>
      {label} <span className="muted">(optional)</span>
    </>
  );
}
