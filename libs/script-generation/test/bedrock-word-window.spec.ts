import type { Checked, WordWindow } from '../src/bedrock/model-task';
import { keepInWordWindow } from '../src/bedrock/word-window';
import { ScriptOutputError } from '../src/errors';

/** An answer is a list of chapter word counts; trimming drops chapters from the end. */
type Answer = readonly number[];

const total = (answer: Answer) => answer.reduce((sum, words) => sum + words, 0);

function windowOf(options: { trim?: boolean } = {}): WordWindow<Answer> {
  return {
    words: total,
    trim: options.trim
      ? (answer, window) => {
          const kept = [...answer];
          while (kept.length > 1 && total(kept) > window.maxWords) kept.pop();
          return total(kept) >= window.minWords && total(kept) <= window.maxWords
            ? kept
            : undefined;
        }
      : undefined,
    targetWords: 100,
    minWords: 85,
    maxWords: 115,
    revisionPrompt: ({ actualWords }) => `you wrote ${actualWords} words; write 100`,
  };
}

function reviser(reply: Checked<Answer>) {
  const prompts: string[] = [];
  return {
    prompts,
    revise: (prompt: string) => {
      prompts.push(prompt);
      return Promise.resolve(reply);
    },
  };
}

describe('keepInWordWindow', () => {
  it('returns an answer within its window without asking for a revision', async () => {
    const { prompts, revise } = reviser({ ok: true, value: [1] });
    await expect(keepInWordWindow('script', windowOf(), [50, 50], revise)).resolves.toEqual([
      50, 50,
    ]);
    expect(prompts).toEqual([]);
  });

  it('asks for one revision with the actual word count and accepts it within the window', async () => {
    const { prompts, revise } = reviser({ ok: true, value: [60, 40] });
    await expect(keepInWordWindow('script', windowOf(), [20, 20], revise)).resolves.toEqual([
      60, 40,
    ]);
    expect(prompts).toEqual(['you wrote 40 words; write 100']);
  });

  it('trims the revision before the first answer when both are over the window', async () => {
    const { revise } = reviser({ ok: true, value: [90, 20, 300] });
    await expect(
      keepInWordWindow('script', windowOf({ trim: true }), [100, 400], revise),
    ).resolves.toEqual([90, 20]);
  });

  it('falls back to the first answer, trimmed, when the revision is malformed', async () => {
    const { revise } = reviser({ ok: false, issues: ['(root): not a script'] });
    await expect(
      keepInWordWindow('script', windowOf({ trim: true }), [100, 400], revise),
    ).resolves.toEqual([100]);
  });

  it('fails with one (length) issue when no candidate fits and nothing can be trimmed', async () => {
    const { revise } = reviser({ ok: true, value: [500] });
    const failure = keepInWordWindow('chapter 2', windowOf(), [400], revise);
    await expect(failure).rejects.toBeInstanceOf(ScriptOutputError);
    await expect(failure).rejects.toMatchObject({
      issues: [
        '(length): chapter 2 has 500 spoken words after one revision, outside the accepted 85–115 around its target of 100',
      ],
    });
  });
});
