import { quotaCost } from '@lumcast/quota';
import { countWords, planSpeech, wordsPerMinute } from '@lumcast/script-generation';
import type { ScriptVersion } from '../api/script-versions';
import type { JobRecord } from '../jobs/job';
import { speechChunkItems } from '../steps/store-script-for-synthesis';
import { addressOf, type SpeechSettings } from './chunk-address';

/** The longest speech chunk when none is configured (`LUMCAST_MAX_CHUNK_CHARS`'s default). */
export const DEFAULT_MAX_CHUNK_CHARS = 3_000;

/** One chunk of a render: what is spoken, by which voice, where its audio is, and if it is new. */
export interface RenderChunk {
  index: number;
  text: string;
  speaker: string;
  hostIndex: 0 | 1 | 2;
  chapterIndex: number;
  segmentIndex: number;
  /** The voice its host chose in the series' profile, if one did (as `SpeechChunkItem.voice`). */
  voice?: string;
  address: string;
  /** True for the one chunk of each new address that is spoken; every other is reused. */
  synthesize: boolean;
  /** Its estimated speaking time at the engine's calibrated rate. */
  seconds: number;
}

/**
 * What rendering one version of a script takes: every chunk of it in order, the speaking time
 * of the whole (`estimatedSeconds`) and of its new audio (`newSeconds`), the quote
 * (`estimatedCost`: slots per minute × the new audio's started minutes), and how many chunks
 * are spoken and how many reused.
 */
export interface RenderPlan {
  chunks: RenderChunk[];
  estimatedSeconds: number;
  newSeconds: number;
  estimatedCost: number;
  chunksToSynthesize: number;
  chunksReused: number;
}

/** Rounds a sum of seconds up to whole seconds; the epsilon keeps binary noise from adding one. */
const wholeSeconds = (seconds: number) => Math.ceil(seconds - 1e-9);

/**
 * Plans the render of a script version for a job: splits it into speech chunks (`planSpeech`),
 * gives each its host's chosen voice (`speechChunkItems`) and its address (`addressOf`: the
 * voice it will be spoken in), and marks as new each
 * address the job has no audio for (`JobRecord.chunkAddresses`), once (a repeated line is
 * spoken once). The quote counts the new chunks only: `quotaCost(quality, newSeconds)`, each
 * chunk's words at `wordsPerMinute(quality, engine)`. A first render has no addresses, so
 * everything is new and the quote is the whole script's.
 *
 * @example
 * ```ts
 * const plan = planRender(latest, job, { engine: 'polly' });
 * plan.estimatedCost; // 2: one new minute of neural audio
 * ```
 */
export function planRender(
  { script }: Pick<ScriptVersion, 'script'>,
  job: Pick<JobRecord, 'quality' | 'language' | 'hostProfiles' | 'chunkAddresses'>,
  options: { engine: SpeechSettings['engine']; maxChunkChars?: number },
): RenderPlan {
  const settings: SpeechSettings = {
    engine: options.engine,
    quality: job.quality,
    ...(job.language === undefined ? {} : { language: job.language }),
  };
  const secondsPerWord = 60 / wordsPerMinute(job.quality, { engine: options.engine });
  const known = new Set(job.chunkAddresses ?? []);
  const chunks: RenderChunk[] = [];
  let totalSeconds = 0;
  let newSeconds = 0;
  const planned = planSpeech(script, {
    maxChars: options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS,
  });
  const voices = job.hostProfiles?.map((profile) => profile.voice);
  speechChunkItems(planned, voices).forEach((item, i) => {
    const address = addressOf(item, settings);
    const seconds = countWords(item.text) * secondsPerWord;
    const synthesize = !known.has(address);
    known.add(address);
    totalSeconds += seconds;
    if (synthesize) newSeconds += seconds;
    const voice = item.voice === undefined ? {} : { voice: item.voice };
    chunks.push({
      ...(planned[i] as (typeof planned)[number]),
      ...voice,
      address,
      synthesize,
      seconds,
    });
  });
  const spoken = chunks.filter((chunk) => chunk.synthesize).length;
  const newWholeSeconds = wholeSeconds(newSeconds);
  return {
    chunks,
    estimatedSeconds: wholeSeconds(totalSeconds),
    newSeconds: newWholeSeconds,
    estimatedCost: quotaCost(job.quality, newWholeSeconds),
    chunksToSynthesize: spoken,
    chunksReused: chunks.length - spoken,
  };
}
