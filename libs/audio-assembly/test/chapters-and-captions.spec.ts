import { InvalidAudioOptionsError } from '../src/errors';
import { chaptersFromChunks } from '../src/captions/chapters-from-chunks';
import { webVttFromChunks } from '../src/captions/webvtt';

describe('chaptersFromChunks', () => {
  it('starts each chapter at its first chunk and ends it where the next chapter starts', () => {
    expect(
      chaptersFromChunks({
        chunkChapterIndex: [0, 0, 1, 2, 2],
        chapterTitles: ['Intro', 'Main', 'Outro'],
        chunkStartsSeconds: [0, 10, 20.5, 30, 40],
        durationSeconds: 50,
      }),
    ).toEqual([
      { title: 'Intro', startSeconds: 0, endSeconds: 20.5 },
      { title: 'Main', startSeconds: 20.5, endSeconds: 30 },
      { title: 'Outro', startSeconds: 30, endSeconds: 50 },
    ]);
  });

  it.each([
    ['a chapter without chunks', { chunkChapterIndex: [0, 0], chapterTitles: ['A', 'B'] }],
    ['an index past the titles', { chunkChapterIndex: [0, 2], chapterTitles: ['A', 'B'] }],
    ['indices going back', { chunkChapterIndex: [1, 0], chapterTitles: ['A', 'B'] }],
    ['an empty title', { chunkChapterIndex: [0, 1], chapterTitles: ['A', ''] }],
    ['one start per chunk missing', { chunkChapterIndex: [0, 0, 1], chapterTitles: ['A', 'B'] }],
  ])('refuses %s', (_label, input) => {
    expect(() =>
      chaptersFromChunks({ ...input, chunkStartsSeconds: [0, 5], durationSeconds: 10 }),
    ).toThrow(InvalidAudioOptionsError);
  });

  it('refuses start times that do not increase or pass the end', () => {
    const base = { chunkChapterIndex: [0, 1], chapterTitles: ['A', 'B'], durationSeconds: 10 };

    expect(() => chaptersFromChunks({ ...base, chunkStartsSeconds: [5, 5] })).toThrow(
      InvalidAudioOptionsError,
    );
    expect(() => chaptersFromChunks({ ...base, chunkStartsSeconds: [0, 10] })).toThrow(
      InvalidAudioOptionsError,
    );
    expect(() => chaptersFromChunks({ ...base, chunkStartsSeconds: [0, Number.NaN] })).toThrow(
      InvalidAudioOptionsError,
    );
  });
});

/** Parses cues back: [startMs, endMs, text]. */
function cues(vtt: string): [number, number, string][] {
  const toMs = (time: string) => {
    const [h, m, s] = time.split(':');
    return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
  };
  return vtt
    .split('\n\n')
    .slice(1)
    .map((block) => {
      const [timing = '', text = ''] = block.trim().split('\n');
      const [start = '', end = ''] = timing.split(' --> ');
      return [toMs(start), toMs(end), text];
    });
}

describe('webVttFromChunks', () => {
  const chunks = [
    { text: 'Welcome to the show! Today we talk about tides.', speaker: 'Ava' },
    { text: 'Tides are caused by the moon.', speaker: 'Ben' },
  ];

  it('writes one cue per sentence with a voice tag, sharing the chunk span by sentence length', () => {
    const vtt = webVttFromChunks({ chunks, chunkStartsSeconds: [0, 3.6], durationSeconds: 6.25 });

    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(cues(vtt)).toEqual([
      // 20 and 26 characters share 3.6 s: 20 / 46 × 3600 ms = 1565 ms.
      [0, 1565, '<v Ava>Welcome to the show!'],
      [1565, 3600, '<v Ava>Today we talk about tides.'],
      [3600, 6250, '<v Ben>Tides are caused by the moon.'],
    ]);
  });

  it('keeps every cue inside its chunk span, in order and without overlap, for long timelines', () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      text: 'One. Two words here? And a third, longer sentence to share the span!',
      speaker: index % 2 ? 'Ben' : 'Ava',
    }));
    const starts = many.map((_, index) => index * 93.217);
    const parsed = cues(
      webVttFromChunks({ chunks: many, chunkStartsSeconds: starts, durationSeconds: 40 * 93.217 }),
    );

    expect(parsed).toHaveLength(120);
    parsed.forEach(([start, end], index) => {
      const chunk = Math.floor(index / 3);
      expect(start).toBeGreaterThanOrEqual(Math.round((starts[chunk] ?? Number.NaN) * 1000));
      expect(end).toBeLessThanOrEqual(Math.round((starts[chunk + 1] ?? 40 * 93.217) * 1000));
      expect(end).toBeGreaterThan(start);
      if (index > 0) expect(start).toBe(parsed[index - 1]?.[1]);
    });
    expect(
      webVttFromChunks({ chunks: many, chunkStartsSeconds: starts, durationSeconds: 3728.68 }),
    ).toContain('01:02:08.680');
  });

  it('writes one cue per chunk on request, and escapes markup in text and speaker names', () => {
    const vtt = webVttFromChunks({
      chunks: [{ text: 'Is 2 < 3 & 4 > 1? Yes.', speaker: 'Dr <Ann>' }],
      chunkStartsSeconds: [0],
      durationSeconds: 2,
      cuesPer: 'chunk',
    });

    expect(cues(vtt)).toEqual([[0, 2000, '<v Dr &lt;Ann&gt;>Is 2 &lt; 3 &amp; 4 &gt; 1? Yes.']]);
  });

  it.each([
    ['an empty text', [{ text: ' ', speaker: 'Ava' }]],
    ['an empty speaker', [{ text: 'Hi.', speaker: '' }]],
  ])('refuses %s', (_label, badChunks) => {
    expect(() =>
      webVttFromChunks({ chunks: badChunks, chunkStartsSeconds: [0], durationSeconds: 1 }),
    ).toThrow(InvalidAudioOptionsError);
  });

  it('refuses start times that do not match the chunks', () => {
    expect(() => webVttFromChunks({ chunks, chunkStartsSeconds: [0], durationSeconds: 5 })).toThrow(
      InvalidAudioOptionsError,
    );
    expect(() =>
      webVttFromChunks({ chunks, chunkStartsSeconds: [0, 6], durationSeconds: 5 }),
    ).toThrow(InvalidAudioOptionsError);
  });
});
