import { acceptedWordRange, targetWords } from '../src/speech/rate';
import {
  countScriptWords,
  validatePodcastScript,
  type PodcastScript,
} from '../src/script/podcast-script';
import { OfflineScriptWriter } from '../src/offline/offline-script-writer';
import { ScriptInputError } from '../src/errors';
import { scriptOutlineSchema } from '../src/script/outline';
import { generateText } from '../bench/sample-text';

const SOURCE = generateText(40_000, 11);

function allSegments(script: PodcastScript) {
  return script.chapters.flatMap((chapter) => chapter.segments);
}

function spokenText(script: PodcastScript): string {
  return allSegments(script)
    .map((segment) => segment.text)
    .join(' ');
}

/** The segments of the reading chapters (between "Welcome" and "Wrap-up"). */
function readingSegments(script: PodcastScript) {
  return script.chapters.slice(1, -1).flatMap((chapter) => chapter.segments);
}

describe('OfflineScriptWriter', () => {
  const writer = new OfflineScriptWriter();

  describe('bounds every length the script schema bounds', () => {
    const cjk = '潮汐は月の引力によって起こる現象で海面は一日に二回上下する';
    const cases: [string, string][] = [
      [
        '100,000 CJK characters in sentences',
        Array.from({ length: 5_000 }, (_, i) => `${cjk.slice(i % 7)}。`)
          .join('')
          .slice(0, 100_000),
      ],
      [
        '100,000 CJK characters with commas but no full stop',
        Array.from({ length: 5_000 }, (_, i) => `${cjk.slice(i % 7)}、`)
          .join('')
          .slice(0, 100_000),
      ],
      ['a run of 100,000 CJK characters without spaces or punctuation', '潮'.repeat(100_000)],
      ['a run of 100,000 Latin letters without spaces or punctuation', 'a'.repeat(100_000)],
      ['a run of 50,000 emoji', '🌊'.repeat(50_000)],
    ];

    it.each(cases)('writes a script that passes the schema from %s', async (_, sourceText) => {
      for (const minutes of [1, 10, 60]) {
        const request = {
          topic: '潮'.repeat(200),
          sourceText,
          minutes,
          quality: 'neural' as const,
        };
        const script = await writer.write(request);
        expect(validatePodcastScript(script)).toEqual({ ok: true, script });
        const plan = await writer.planScript(request);
        if (plan.kind === 'chapters') {
          expect(scriptOutlineSchema.safeParse(plan.outline).success).toBe(true);
        }
      }
    });

    it('writes a valid placeholder episode for a 200-character CJK topic without source', async () => {
      const script = await writer.write({ topic: '潮'.repeat(200), minutes: 5, quality: 'neural' });
      expect(validatePodcastScript(script).ok).toBe(true);
    });
  });

  describe('with a source text', () => {
    it('writes a valid script that is deterministic', async () => {
      const request = {
        topic: 'Markets and rivers',
        sourceText: SOURCE,
        minutes: 5,
        quality: 'neural' as const,
      };
      const first = await writer.write(request);
      const second = await writer.write(request);
      expect(validatePodcastScript(first).ok).toBe(true);
      expect(second).toEqual(first);
    });

    it('aims at the target word count (within ±15 %)', async () => {
      for (const [minutes, quality] of [
        [3, 'standard'],
        [10, 'neural'],
        [20, 'generative'],
      ] as const) {
        const script = await writer.write({
          topic: 'Markets',
          sourceText: SOURCE,
          minutes,
          quality,
        });
        const target = targetWords(minutes, quality);
        expect(Math.abs(countScriptWords(script) - target)).toBeLessThanOrEqual(target * 0.15);
      }
    });

    it('reads only sentences of the source, in source order', async () => {
      const script = await writer.write({
        topic: 'Markets',
        sourceText: SOURCE,
        minutes: 5,
        quality: 'neural',
      });
      const normalisedSource = SOURCE.replace(/\s+/g, ' ');
      let position = -1;
      for (const segment of readingSegments(script)) {
        const sentences = segment.text.replace(/^Part \d+ is about [^.]+\.\s*/, '');
        for (const sentence of sentences.split(/(?<=[.!?…")])\s+(?=\S)/)) {
          const at = normalisedSource.indexOf(sentence, position + 1);
          expect({ sentence, found: at >= 0 }).toEqual({ sentence, found: true });
          position = at;
        }
      }
    });

    it('alternates the two hosts and frames the reading with an intro, chapters and an outro', async () => {
      const script = await writer.write({
        topic: 'Markets',
        sourceText: SOURCE,
        minutes: 10,
        quality: 'neural',
      });
      const speakers = allSegments(script).map((segment) => segment.speaker);
      expect(
        speakers.every((speaker, index) => index === 0 || speaker !== speakers[index - 1]),
      ).toBe(true);
      expect(new Set(speakers)).toEqual(new Set(['Alex', 'Sam']));
      expect(script.chapters[0]?.title).toBe('Welcome');
      expect(script.chapters[script.chapters.length - 1]?.title).toBe('Wrap-up');
      expect(script.chapters.length).toBeGreaterThanOrEqual(4);
      expect(script.chapters[1]?.title).toMatch(/^Part 1: /);
      expect(spokenText(script)).toContain('without a language model');
      expect(script.keyPoints.length).toBeGreaterThan(0);
    });

    it('says the episode is shorter than asked when the source is too short', async () => {
      const script = await writer.write({
        topic: 'Fords',
        sourceText:
          'Towns grew at fords. Fords let traders cross rivers. Markets followed the traders.',
        minutes: 10,
        quality: 'neural',
      });
      expect(spokenText(script)).toContain(
        'this episode runs shorter than the 10 minutes you asked for',
      );
      expect(spokenText(script)).toContain('Markets followed the traders.');
    });

    it('builds on a series: mentions the last episode and skips sentences it already made key points', async () => {
      const first = await writer.write({
        topic: 'Markets',
        sourceText: SOURCE,
        minutes: 3,
        quality: 'neural',
      });
      const second = await writer.write({
        topic: 'Markets',
        sourceText: SOURCE,
        minutes: 3,
        quality: 'neural',
        series: {
          seriesId: 'markets',
          previousEpisodes: [
            { title: first.title, summary: first.summary, keyPoints: first.keyPoints },
          ],
        },
      });
      expect(spokenText(second)).toContain(`last time we covered "${first.title}"`);
      for (const point of first.keyPoints) expect(spokenText(second)).not.toContain(point);
    });
  });

  describe('stays in the word window', () => {
    it('cuts a single 3,000-word sentence to the window of a 1-minute episode', async () => {
      const sentence = `${Array.from({ length: 3_000 }, (_, i) => `word${i % 97}x`).join(' ')}.`;
      const script = await writer.write({
        topic: 'Tides',
        sourceText: sentence,
        minutes: 1,
        quality: 'neural',
      });
      const { min, max } = acceptedWordRange(targetWords(1, 'neural'));
      expect(countScriptWords(script)).toBeGreaterThanOrEqual(min);
      expect(countScriptWords(script)).toBeLessThanOrEqual(max);
    });

    it('counts a 100,000-character run without spaces as many words and reads it only once', async () => {
      for (const sourceText of ['a'.repeat(100_000), '潮'.repeat(100_000)]) {
        const script = await writer.write({
          topic: 'Tides',
          sourceText,
          minutes: 1,
          quality: 'neural',
        });
        const { min, max } = acceptedWordRange(targetWords(1, 'neural'));
        expect(countScriptWords(script)).toBeGreaterThanOrEqual(min);
        expect(countScriptWords(script)).toBeLessThanOrEqual(max);
        const run = sourceText.slice(0, 10);
        const reading = allSegments(script).filter((segment) => segment.text.includes(run));
        expect(reading).toHaveLength(1);
      }
    });
  });

  describe('with only a topic', () => {
    it('says plainly that it was written offline without a language model and has no source material', async () => {
      const script = await writer.write({
        topic: 'Black holes',
        minutes: 10,
        quality: 'generative',
      });
      expect(validatePodcastScript(script).ok).toBe(true);
      const text = spokenText(script);
      expect(text).toContain(
        'This episode was written offline, without a language model, and no source material was provided.',
      );
      expect(text).toContain('we have no facts about Black holes to share');
      expect(text).toContain('much shorter than the 10 minutes you asked for');
      expect(script.keyPoints[0]).toBe(
        'This episode was written offline, without a language model.',
      );
      expect(script.title).toContain('offline');
    });
  });

  describe('with a source text it cannot use', () => {
    it('says the source has no readable sentence when it is only punctuation', async () => {
      const script = await writer.write({
        topic: 'Fords',
        sourceText: '!!! ... ???',
        minutes: 5,
        quality: 'neural',
      });
      expect(spokenText(script)).toContain(
        'without a language model, and the source text you provided has no sentences we could read aloud',
      );
    });

    it('says when every sentence was already covered by earlier episodes', async () => {
      const sourceText = 'Towns grew at fords. Markets followed the traders.';
      const script = await writer.write({
        topic: 'Fords $& tolls',
        sourceText,
        minutes: 5,
        quality: 'neural',
        series: {
          seriesId: 'fords',
          previousEpisodes: [
            {
              title: 'Fords',
              summary: 'Fords.',
              keyPoints: ['Towns grew at fords.', 'Markets followed the traders.'],
            },
          ],
        },
      });
      expect(spokenText(script)).toContain(
        'was already covered by earlier episodes of this series',
      );
      expect(spokenText(script)).not.toContain('Markets followed the traders.');
      expect(script.title).toBe('Fords $& tolls (offline edition, nothing new in the source)');
    });
  });

  describe('bad input', () => {
    it('rejects an invalid request with a typed error', async () => {
      await expect(
        writer.write({ topic: '', minutes: 5, quality: 'neural' }),
      ).rejects.toBeInstanceOf(ScriptInputError);
      await expect(
        writer.write({ topic: 'x', minutes: 5, quality: 'ultra' as never }),
      ).rejects.toMatchObject({ field: 'quality' });
    });
  });
});
