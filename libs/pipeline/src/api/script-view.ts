import { quotaCost, type VoiceQuality } from '@lumcast/quota';
import { countWords, wordsPerMinute, type SpeechEngine } from '@lumcast/script-generation';
import type { PodcastScriptBody } from '../contract/script-body';
import type { ScriptVersion } from './script-versions';

/**
 * A version of a script as `GET /api/podcasts/{jobId}/script` shows it: its number, its turns
 * in order, each with its stable id (`ScriptVersion.turnIds`) and its speaking time, its
 * chapters by turn id, the total and its quote.
 *
 * Each turn's `seconds` are its spoken words (`countWords`) at the engine's calibrated rate
 * (`wordsPerMinute`) for the job's voice quality, rounded to a tenth; the engines' rates are
 * calibrated per quality, not per voice or language, so every voice of a quality gets the same.
 * `estimatedSeconds` is the unrounded sum, rounded up, and `estimatedCost` is
 * `quotaCost(quality, estimatedSeconds)`: the ledger's cost of that much audio.
 *
 * @example
 * ```ts
 * const body = scriptView(await readLatestScript(store, job), { quality: 'neural', engine: 'polly' });
 * body.turns[0]; // { id: 't1', speaker: 'Alex', text: '…', seconds: 6.2 }
 * ```
 */
export function scriptView(
  { version, script, turnIds }: Pick<ScriptVersion, 'version' | 'script' | 'turnIds'>,
  { quality, engine }: { quality: VoiceQuality; engine: SpeechEngine },
): PodcastScriptBody {
  const secondsPerWord = 60 / wordsPerMinute(quality, { engine });
  const turns: PodcastScriptBody['turns'] = [];
  let totalSeconds = 0;
  const chapters = script.chapters.map((chapter) => {
    const ids: string[] = [];
    for (const segment of chapter.segments) {
      const id = turnIds[turns.length] as string;
      const seconds = countWords(segment.text) * secondsPerWord;
      totalSeconds += seconds;
      turns.push({
        id,
        speaker: segment.speaker,
        text: segment.text,
        seconds: Math.round(seconds * 10) / 10,
      });
      ids.push(id);
    }
    return { title: chapter.title, turnIds: ids };
  });
  // The epsilon keeps binary noise (60.00000000001) from rounding a whole second up.
  const estimatedSeconds = Math.ceil(totalSeconds - 1e-9);
  return {
    version,
    hosts: script.hosts.map((host) => ({ name: host.name })),
    turns,
    chapters,
    estimatedSeconds,
    estimatedCost: quotaCost(quality, estimatedSeconds),
  };
}
