'use client';

import { DEFAULT_PODCAST_FORMAT, DEFAULT_SCRIPT_LANGUAGE } from '@lumcast/script-generation';
import { useState } from 'react';
import type { CreatePodcastRequest } from '../api/types';
import {
  draftCost,
  validateEpisodeDraft,
  type EpisodeDraft,
  type EpisodeField,
  type FieldErrors,
} from '../domain/episode-draft';

/**
 * The form's fields, in the order they appear (the first invalid one gets the focus).
 */
export const EPISODE_FIELDS: readonly EpisodeField[] = [
  'topic',
  'sourceText',
  'sourceUrl',
  'language',
  'format',
  'hosts',
  'minutes',
  'quality',
  'seriesId',
];

/**
 * Fields whose message also depends on another field: the link may not come with a text, a
 * brief's minutes are capped, and a lecture has one host.
 */
const DEPENDENTS: Partial<Record<EpisodeField, readonly EpisodeField[]>> = {
  sourceText: ['sourceUrl'],
  format: ['minutes', 'hosts'],
  language: ['quality', 'hosts'],
};

const EMPTY_DRAFT: EpisodeDraft = {
  topic: '',
  sourceText: '',
  sourceUrl: '',
  language: DEFAULT_SCRIPT_LANGUAGE,
  format: DEFAULT_PODCAST_FORMAT,
  hosts: '',
  minutes: '1',
  quality: 'standard',
  seriesId: '',
};

/**
 * What {@link useEpisodeDraft} gives the form.
 */
export interface EpisodeDraftState {
  draft: EpisodeDraft;
  errors: FieldErrors;
  /** The estimated cost once minutes and quality are valid. */
  cost: number | undefined;
  /**
   * A field changed (and, with `alongside`, fields that change with it, such as the quality a
   * new language has); each is re-checked if it was already touched or wrong.
   */
  update: (field: EpisodeField, value: string, alongside?: Partial<EpisodeDraft>) => void;
  /** A field lost focus: it is checked from now on. */
  blur: (field: EpisodeField) => void;
  /** Checks every field; on failure shows every message and names the first field at fault. */
  check: () =>
    | { ok: true; request: CreatePodcastRequest }
    | { ok: false; firstInvalid: EpisodeField | undefined };
  /** The episode was accepted: topic, source text and link are cleared, the rest is kept. */
  sent: () => void;
  /** The API refused one field: its message goes beside that field. */
  fieldRefused: (field: EpisodeField, message: string) => void;
}

/**
 * The New episode form's draft: values as typed, per-field messages once a field is touched,
 * and validation by the API's own schema ({@link validateEpisodeDraft}).
 *
 * @example
 * ```tsx
 * const episode = useEpisodeDraft();
 * <input value={episode.draft.topic} onChange={(e) => episode.update('topic', e.target.value)} />
 * ```
 */
export function useEpisodeDraft(): EpisodeDraftState {
  const [draft, setDraft] = useState<EpisodeDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<EpisodeField, boolean>>>({});

  function recheck(field: EpisodeField, next: EpisodeDraft) {
    const checked = validateEpisodeDraft(next);
    setErrors((previous) => ({
      ...previous,
      [field]: checked.ok ? undefined : checked.errors[field],
    }));
  }

  return {
    draft,
    errors,
    cost: draftCost(draft),
    update(field, value, alongside = {}) {
      const next = { ...draft, ...alongside, [field]: value };
      setDraft(next);
      const changed = [field, ...(Object.keys(alongside) as EpisodeField[])];
      const rechecked = new Set(changed.flatMap((name) => [name, ...(DEPENDENTS[name] ?? [])]));
      for (const checked of rechecked) {
        if (touched[checked] || errors[checked]) recheck(checked, next);
      }
    },
    blur(field) {
      setTouched((previous) => ({ ...previous, [field]: true }));
      recheck(field, draft);
    },
    check() {
      const checked = validateEpisodeDraft(draft);
      if (!checked.ok) {
        setErrors(checked.errors);
        setTouched(Object.fromEntries(EPISODE_FIELDS.map((field) => [field, true])));
        return {
          ok: false,
          firstInvalid: EPISODE_FIELDS.find((field) => checked.errors[field] !== undefined),
        };
      }
      setErrors({});
      return checked;
    },
    sent() {
      setDraft((previous) => ({ ...previous, topic: '', sourceText: '', sourceUrl: '' }));
      setTouched({});
    },
    fieldRefused(field, message) {
      setErrors({ [field]: message });
    },
  };
}
