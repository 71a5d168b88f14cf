import { quotaCost, type VoiceQuality } from '@lumcast/quota';
import {
  countWords,
  wordsPerMinute,
  type PodcastScript,
  type SpeechEngine,
} from '@lumcast/script-generation';
import type { PodcastScriptBody } from '../contract/script-body';

/** The version of a script as written (edits, when they come, make later versions). */
export const WRITTEN_SCRIPT_VERSION = 1;

/**
 * A stored script as `GET /api/podcasts/{jobId}/script` shows it: its turns in order, each with
 * a stable id (`t1`, `t2`, … through the whole script, so the same script always has the same
 * ids) and its speaking time, its chapters by turn id, the total and its quote.
 *
 * Each turn's `seconds` are its spoken words (`countWords`) at the engine's calibrated rate
 * (`wordsPerMinute`) for the job's voice quality, rounded to a tenth; the engines' rates are
 * calibrated per quality, not per voice or language, so every voice of a quality gets the same.
 * `estimatedSeconds` is the unrounded sum, rounded up, and `estimatedCost` is
 * `quotaCost(quality, estimatedSeconds)`: the ledger's cost of that much audio.
 *
 * @example
 * ```ts
 * const body = scriptView(artifact.script, { quality: 'neural', engine: 'polly' });
 * body.turns[0]; // { id: 't1', speaker: 'Alex', text: '…', seconds: 6.2 }
 * ```
 */
export function scriptView(
  script: PodcastScript,
  { quality, engine }: { quality: VoiceQuality; engine: SpeechEngine },
): PodcastScriptBody {
  const secondsPerWord = 60 / wordsPerMinute(quality, { engine });
  const turns: PodcastScriptBody['turns'] = [];
  let totalSeconds = 0;
  const chapters = script.chapters.map((chapter) => {
    const turnIds: string[] = [];
    for (const segment of chapter.segments) {
      const id = `t${turns.length + 1}`;
      const seconds = countWords(segment.text) * secondsPerWord;
      totalSeconds += seconds;
      turns.push({
        id,
        speaker: segment.speaker,
        text: segment.text,
        seconds: Math.round(seconds * 10) / 10,
      });
      turnIds.push(id);
    }
    return { title: chapter.title, turnIds };
  });
  // The epsilon keeps binary noise (60.00000000001) from rounding a whole second up.
  const estimatedSeconds = Math.ceil(totalSeconds - 1e-9);
  return {
    version: WRITTEN_SCRIPT_VERSION,
    hosts: script.hosts.map((host) => ({ name: host.name })),
    turns,
    chapters,
    estimatedSeconds,
    estimatedCost: quotaCost(quality, estimatedSeconds),
  };
}
