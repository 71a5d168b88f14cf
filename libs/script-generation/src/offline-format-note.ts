import { DEFAULT_PODCAST_FORMAT, type PodcastFormat } from './podcast-format';

/**
 * What the offline writer's hosts say about the format asked for. The offline writer reads
 * source sentences as they stand, so it honours a format only as far as that allows: a brief
 * says it keeps to the essentials (its length already keeps it short); a debate or a critique
 * says plainly that arguing or judging needs a language model, rather than pretending to.
 * `''` for the default deep dive.
 *
 * @example
 * ```ts
 * offlineFormatNote('debate'); // ' You asked for a debate. …'
 * ```
 */
export function offlineFormatNote(format: PodcastFormat | undefined): string {
  switch (format ?? DEFAULT_PODCAST_FORMAT) {
    case 'deep-dive':
      return '';
    case 'brief':
      return ' This is a brief, so we keep to the sentences that matter most.';
    case 'debate':
      return ' You asked for a debate. Arguing two sides takes a language model, so offline we read the source as it stands and take turns, without taking sides.';
    case 'critique':
      return ' You asked for a critique. Weighing a text takes a language model, so offline we read its key sentences as they stand, and judging them is up to you.';
    case 'lecture':
      return ' This is a lecture, so I read it to you on my own.';
  }
}
