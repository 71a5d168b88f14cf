import { OfflineScriptWriter } from '../src/offline/offline-script-writer';
import { planSpeech } from '../src/speech/plan-speech';
import { ScriptInputError } from '../src/errors';
import { SOURCE_TEXT_MAX_CHARS } from '../src/script/request';
import type { PodcastScript } from '../src/script/podcast-script';
import { generateParagraph, generateText, seededRandom } from '../bench/sample-text';

function longScript(): PodcastScript {
  const random = seededRandom(3);
  return {
    title: 'A long one',
    summary: 'Long segments.',
    hosts: [{ name: 'Alex' }, { name: 'Sam' }],
    chapters: [
      {
        title: 'One',
        segments: [
          { speaker: 'Alex', text: 'Welcome.' },
          { speaker: 'Sam', text: generateParagraph(random, 80) },
        ],
      },
      {
        title: 'Two',
        segments: [
          { speaker: 'Sam', text: generateParagraph(random, 5) },
          { speaker: 'Alex', text: generateParagraph(random, 60) },
        ],
      },
    ],
    keyPoints: ['Long.'],
  };
}

describe('planSpeech', () => {
  it('turns a script into ordered chunks carrying speaker, host, chapter and segment', () => {
    const script = longScript();
    const plan = planSpeech(script, { maxChars: 500 });

    expect(plan.map((chunk) => chunk.index)).toEqual(plan.map((_, index) => index));
    expect(plan[0]).toEqual({
      index: 0,
      text: 'Welcome.',
      speaker: 'Alex',
      hostIndex: 0,
      chapterIndex: 0,
      segmentIndex: 0,
    });
    for (const chunk of plan) {
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      expect(chunk.hostIndex).toBe(chunk.speaker === 'Alex' ? 0 : 1);
      const segment = script.chapters[chunk.chapterIndex]?.segments[chunk.segmentIndex];
      expect(segment?.speaker).toBe(chunk.speaker);
      expect(segment?.text).toContain(chunk.text); // never spans two segments
    }
    const positions = plan.map((chunk) => [chunk.chapterIndex, chunk.segmentIndex] as const);
    const sorted = [...positions].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(positions).toEqual(sorted);
  });

  it('splits a long segment into several chunks of the same segment, keeping all its text', () => {
    const script = longScript();
    const plan = planSpeech(script, { maxChars: 500 });
    const pieces = plan.filter((chunk) => chunk.chapterIndex === 0 && chunk.segmentIndex === 1);
    expect(pieces.length).toBeGreaterThan(1);
    expect(
      pieces
        .map((chunk) => chunk.text)
        .join(' ')
        .replace(/\s/g, ''),
    ).toBe(script.chapters[0]?.segments[1]?.text.replace(/\s/g, ''));
  });

  it('plans a 60-minute offline episode from a maximal source within the limits, losing no text', async () => {
    const sourceText = generateText(SOURCE_TEXT_MAX_CHARS - 1_000, 8);
    const script = await new OfflineScriptWriter().write({
      topic: 'Everything',
      sourceText,
      minutes: 60,
      quality: 'standard',
    });
    const plan = planSpeech(script);
    const segments = script.chapters.flatMap((chapter) => chapter.segments);
    expect(
      plan.filter((chunk) => chunk.text.length > 3_000 || chunk.text.trim() !== chunk.text),
    ).toEqual([]);
    expect(
      plan
        .map((chunk) => chunk.text)
        .join('')
        .replace(/\s/g, ''),
    ).toBe(
      segments
        .map((segment) => segment.text)
        .join('')
        .replace(/\s/g, ''),
    );
    expect(new Set(plan.map((chunk) => chunk.chapterIndex)).size).toBe(script.chapters.length);
  });

  it('keeps every chunk within 3,000 characters by default', () => {
    expect(planSpeech(longScript()).every((chunk) => chunk.text.length <= 3_000)).toBe(true);
  });

  it('rejects a segment whose speaker is not a host instead of guessing a voice', () => {
    const script = longScript();
    const chapter = script.chapters[1];
    if (!chapter) throw new Error('fixture has two chapters');
    chapter.segments[1] = { speaker: 'Bob', text: 'Hi.' };
    expect(() => planSpeech(script)).toThrow(
      expect.objectContaining({
        name: 'ScriptInputError',
        field: 'chapters.1.segments.1.speaker',
        message: 'speaker "Bob" is not one of the hosts (Alex, Sam)',
      }),
    );
  });

  it('rejects a bad maxChars with a typed error', () => {
    expect(() => planSpeech(longScript(), { maxChars: 1 })).toThrow(ScriptInputError);
  });
});
