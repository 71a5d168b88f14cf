import { ScriptOutputError } from '../errors';
import type { Checked, WordWindow } from './model-task';

/**
 * Keeps a valid answer within its word window: an answer within it is returned as is;
 * otherwise one revision is asked for (`revise` sends the revision prompt and returns the
 * checked reply), and the revision, then the first answer, is accepted within the window,
 * as is or after `window.trim`. When none fits it throws {@link ScriptOutputError} with one
 * `(length): …` issue: nothing outside the window is ever returned.
 */
export async function keepInWordWindow<T>(
  what: string,
  window: WordWindow<T>,
  value: T,
  revise: (revisionPrompt: string) => Promise<Checked<T>>,
): Promise<T> {
  const inWindow = (candidate: T) => {
    const words = window.words(candidate);
    return words >= window.minWords && words <= window.maxWords;
  };
  if (inWindow(value)) return value;
  const revision = await revise(
    window.revisionPrompt({
      actualWords: window.words(value),
      targetWords: window.targetWords,
      minWords: window.minWords,
      maxWords: window.maxWords,
    }),
  );
  // The revision first, then the first answer: as is if within the window, else trimmed.
  const candidates = revision.ok ? [revision.value, value] : [value];
  for (const candidate of candidates) {
    if (inWindow(candidate)) return candidate;
    const trimmed = window.trim?.(candidate, window);
    if (trimmed !== undefined && inWindow(trimmed)) return trimmed;
  }
  const [best] = candidates;
  const words = best === undefined ? 0 : window.words(best);
  const issue = `(length): ${what} has ${words} spoken words after one revision, outside the accepted ${window.minWords}–${window.maxWords} around its target of ${window.targetWords}${window.trim ? ', and no trim at a chapter boundary fits' : ''}`;
  throw new ScriptOutputError([issue], `the model's ${what} is not its length: ${issue}`);
}
