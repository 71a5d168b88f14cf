import type { EpisodeRender, ScriptQuote } from '../api/types';
import { formatClock } from './time-format';

/** "1 slot", "2 slots". */
export function slotCount(count: number): string {
  return `${count} ${count === 1 ? 'slot' : 'slots'}`;
}

/** "1 chunk", "2 chunks". */
function chunkCount(count: number): string {
  return `${count} ${count === 1 ? 'chunk' : 'chunks'}`;
}

/**
 * The quote of an edited script in words: its length, how much of it is new audio (in the
 * started minutes the quota charges), what rendering it costs, and its chunks.
 *
 * @example
 * ```ts
 * quoteSentence({ estimatedSeconds: 65, newSeconds: 20, estimatedCost: 2, chunksToSynthesize: 1, chunksReused: 6 });
 * // 'About 1:05 of audio, 0:20 of it new (1 new minute): rendering costs 2 slots. 1 chunk to speak, 6 reused.'
 * ```
 */
export function quoteSentence(quote: ScriptQuote): string {
  const newMinutes = Math.ceil(quote.newSeconds / 60);
  return (
    `About ${formatClock(quote.estimatedSeconds)} of audio, ${formatClock(quote.newSeconds)} of it new ` +
    `(${newMinutes} new ${newMinutes === 1 ? 'minute' : 'minutes'}): rendering costs ${slotCount(quote.estimatedCost)}. ` +
    `${chunkCount(quote.chunksToSynthesize)} to speak, ${quote.chunksReused} reused.`
  );
}

/**
 * One render of an episode in words: "Version 2: charged 2 slots · 1 chunk synthesized, 6
 * reused"; while it runs, "Version 2: rendering · 1 chunk to speak, 6 reused"; once failed,
 * "Version 2: failed, nothing charged (why)".
 */
export function renderSentence(render: EpisodeRender): string {
  if (render.status === 'rendering') {
    return `Version ${render.version}: rendering · ${chunkCount(render.chunksSynthesized)} to speak, ${render.chunksReused} reused`;
  }
  if (render.status === 'failed') {
    return `Version ${render.version}: failed, nothing charged${render.error ? ` (${render.error})` : ''}`;
  }
  return `Version ${render.version}: charged ${slotCount(render.charged)} · ${chunkCount(render.chunksSynthesized)} synthesized, ${render.chunksReused} reused`;
}
