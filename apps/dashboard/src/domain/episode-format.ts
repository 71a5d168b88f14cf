import type { PodcastFormat } from '@lumcast/script-generation';

/**
 * The short name of each episode format, as an episode card shows it ("Debate"); the New episode
 * form's select uses longer, explanatory labels.
 */
export const FORMAT_NAMES: Readonly<Record<PodcastFormat, string>> = Object.freeze({
  'deep-dive': 'Deep dive',
  brief: 'Brief',
  debate: 'Debate',
  critique: 'Critique',
  lecture: 'Lecture',
});
