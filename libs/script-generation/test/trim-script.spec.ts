import { countScriptWords } from '../src/script/podcast-script';
import { trimScriptToWindow } from '../src/script/trim';
import { scriptWithChapters } from './support/scripts';

const titles = (script: { chapters: { title: string }[] } | undefined) =>
  script?.chapters.map((chapter) => chapter.title);

describe('trimScriptToWindow', () => {
  it('returns a script already within its window unchanged', () => {
    const script = scriptWithChapters([100, 100, 100]);
    expect(trimScriptToWindow(script, { minWords: 250, maxWords: 350 })).toBe(script);
  });

  it('drops the chapters just before the last one, as few as it takes, and keeps the closing chapter', () => {
    const script = scriptWithChapters([100, 100, 100, 100, 50]);
    const trimmed = trimScriptToWindow(script, { minWords: 200, maxWords: 300 });
    expect(titles(trimmed)).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 5']);
    expect(trimmed && countScriptWords(trimmed)).toBe(250);
    expect(trimmed?.title).toBe(script.title);
    expect(trimmed?.keyPoints).toEqual(script.keyPoints);
  });

  it('keeps at least the first and the last chapter', () => {
    const script = scriptWithChapters([60, 900, 900, 40]);
    expect(titles(trimScriptToWindow(script, { minWords: 90, maxWords: 120 }))).toEqual([
      'Chapter 1',
      'Chapter 4',
    ]);
  });

  it('gives up when dropping enough chapters falls below the window', () => {
    const script = scriptWithChapters([50, 500, 30]);
    expect(trimScriptToWindow(script, { minWords: 100, maxWords: 200 })).toBeUndefined();
  });

  it('gives up when even the first and last chapters alone are over the window', () => {
    const script = scriptWithChapters([500, 100, 500]);
    expect(trimScriptToWindow(script, { minWords: 100, maxWords: 200 })).toBeUndefined();
  });

  it('gives up on a script with fewer than three chapters', () => {
    expect(
      trimScriptToWindow(scriptWithChapters([700, 700]), { minWords: 100, maxWords: 200 }),
    ).toBeUndefined();
    expect(
      trimScriptToWindow(scriptWithChapters([1_400]), { minWords: 100, maxWords: 200 }),
    ).toBeUndefined();
  });

  it('never lengthens: a script under its window is not accepted', () => {
    expect(
      trimScriptToWindow(scriptWithChapters([50, 50, 50]), { minWords: 200, maxWords: 300 }),
    ).toBeUndefined();
  });
});
