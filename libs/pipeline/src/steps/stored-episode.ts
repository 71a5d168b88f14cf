import type { assembleEpisode } from '@lumcast/audio-assembly';
import type { ObjectStore } from '../ports/object-store';
import type { AssembledEpisode } from './step-inputs';

/**
 * Stores an assembled episode's MP3 and WebVTT captions at the given keys and answers what the
 * callback charges and the job records: the keys, the measured duration and size, the chapters.
 */
export async function storeEpisode(
  store: ObjectStore,
  episode: ReturnType<typeof assembleEpisode>,
  keys: { audioKey: string; captionsKey: string },
): Promise<AssembledEpisode> {
  await Promise.all([
    store.put(keys.audioKey, episode.audio, 'audio/mpeg'),
    store.put(keys.captionsKey, episode.captions, 'text/vtt; charset=utf-8'),
  ]);
  return {
    ...keys,
    durationSeconds: episode.durationSeconds,
    audioBytes: episode.audio.byteLength,
    chapters: episode.chapters.map(({ title, startSeconds, endSeconds }) => ({
      title,
      startSeconds,
      endSeconds,
    })),
  };
}
