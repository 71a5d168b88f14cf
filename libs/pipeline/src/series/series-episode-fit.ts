import { boundText, type PreviousEpisode } from '@lumcast/script-generation';

/** The characters an episode adds to a recalled series context (title, summary, key points). */
export function episodeChars(episode: PreviousEpisode): number {
  return (
    episode.title.length +
    episode.summary.length +
    episode.keyPoints.reduce((sum, point) => sum + point.length, 0)
  );
}

/**
 * Shrinks one episode to fit a budget: key points are dropped from the end, then the
 * summary is cut at a word or grapheme boundary (with `…`, see `boundText`). Returns
 * undefined if not even the title fits.
 */
export function fitEpisode(episode: PreviousEpisode, budget: number): PreviousEpisode | undefined {
  if (episode.title.length >= budget) return undefined;
  const keyPoints = [...episode.keyPoints];
  const fitted = () => ({ ...episode, keyPoints });
  while (keyPoints.length > 0 && episodeChars(fitted()) > budget) keyPoints.pop();
  const room = budget - episode.title.length;
  if (episode.summary.length <= room) return fitted();
  return { title: episode.title, summary: boundText(episode.summary, room), keyPoints: [] };
}
