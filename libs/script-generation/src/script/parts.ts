import type { ScriptChapter } from './podcast-script';
import { OUTLINE_CHAPTERS_MAX, type ScriptOutline } from './outline';
import type { ScriptRequest } from './request';
import { targetWords, type SpeechEngine } from '../speech/rate';

/**
 * Longest script (in target spoken words) written in one model call. At 50–80 output
 * tokens/s a script of this size takes well under a minute, so the call, a repair round
 * and a revision round all fit in one Lambda invocation; longer episodes are written as an
 * outline and then chapters, each in its own invocation.
 */
export const WHOLE_SCRIPT_MAX_WORDS = 1_600;

/** Largest spoken-word target of one chapter written in its own model call. */
export const CHAPTER_MAX_WORDS = 1_000;

/**
 * How a script is written: `whole` in one call (short episodes, exactly as
 * `ScriptWriter.write`), or `chapters` from an outline, one call per chapter.
 */
export type ScriptPlan = { kind: 'whole' } | { kind: 'chapters'; outline: ScriptOutline };

/**
 * Writes a script in parts, across invocations: `planScript` first (an outline for a long
 * episode, or `whole` for a short one), then `writeChapter` for each planned chapter, in
 * parallel or in sequence; `joinScriptParts` joins and validates the chapters. Implemented
 * by `BedrockScriptWriter` and `OfflineScriptWriter`, next to `ScriptWriter.write`, which
 * writes a `whole` plan's script.
 *
 * @example
 * ```ts
 * const plan = await writer.planScript(request);
 * const script =
 *   plan.kind === 'whole'
 *     ? await writer.write(request)
 *     : joinScriptParts(plan.outline, await Promise.all(plan.outline.chapters.map((_, i) => writer.writeChapter(request, plan.outline, i))));
 * ```
 */
export interface ScriptPartsWriter {
  /** Decides how the script is written; for a long episode, writes its outline. */
  planScript(request: ScriptRequest): Promise<ScriptPlan>;
  /** Writes chapter `index` (from 0) of an outline `planScript` returned. */
  writeChapter(
    request: ScriptRequest,
    outline: ScriptOutline,
    index: number,
  ): Promise<ScriptChapter>;
}

/**
 * Whether a request's script is written in parts (its target exceeds
 * {@link WHOLE_SCRIPT_MAX_WORDS}).
 */
export function needsScriptParts(
  request: Pick<ScriptRequest, 'minutes' | 'quality'>,
  options: { engine?: SpeechEngine } = {},
): boolean {
  return targetWords(request.minutes, request.quality, options) > WHOLE_SCRIPT_MAX_WORDS;
}

/**
 * The chapter counts an outline of `totalWords` may have: at least enough chapters that
 * none exceeds {@link CHAPTER_MAX_WORDS}, at most four more (and never more than
 * `OUTLINE_CHAPTERS_MAX`).
 */
export function chapterCountRange(totalWords: number): { min: number; max: number } {
  const min = Math.min(
    OUTLINE_CHAPTERS_MAX,
    Math.max(2, Math.ceil(totalWords / CHAPTER_MAX_WORDS)),
  );
  return { min, max: Math.min(OUTLINE_CHAPTERS_MAX, min + 4) };
}

/**
 * Rescales proposed per-chapter word targets so they sum exactly to `totalWords`, keeping
 * their proportions (largest remainder; a non-positive proposal counts as 1).
 *
 * @example
 * ```ts
 * scaleWordTargets([100, 300], 1000); // [250, 750]
 * ```
 */
export function scaleWordTargets(proposed: readonly number[], totalWords: number): number[] {
  if (proposed.length === 0) return [];
  const weights = proposed.map((words) => Math.max(1, words));
  const sum = weights.reduce((total, words) => total + words, 0);
  const exact = weights.map((words) => (words / sum) * totalWords);
  const scaled = exact.map((share) => Math.floor(share));
  let left = totalWords - scaled.reduce((total, words) => total + words, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    scaled[index] = (scaled[index] ?? 0) + 1;
    left -= 1;
  }
  return scaled;
}
