import { BRIEF_MAX_MINUTES, PODCAST_FORMATS } from '../src/script/podcast-format';
import { buildChapterPrompts } from '../src/prompts/chapter-prompts';
import { buildOutlinePrompts } from '../src/prompts/outline-prompts';
import { buildScriptPrompts } from '../src/prompts/script-prompts';
import { OfflineScriptWriter } from '../src/offline/offline-script-writer';
import { parseScriptRequest } from '../src/script/request';
import type { ScriptOutline } from '../src/script/outline';
import { requestRefusal } from './support/request-refusal';

const request = { topic: 'Should cities ban cars?', minutes: 5, quality: 'neural' as const };

const refusal = requestRefusal;

describe('the format of a script request', () => {
  it('is absent (a deep dive) unless asked, and kept when it is one of PODCAST_FORMATS', () => {
    expect(parseScriptRequest(request)).not.toHaveProperty('format');
    for (const format of PODCAST_FORMATS) {
      expect(parseScriptRequest({ ...request, minutes: 2, format }).format).toBe(format);
    }
  });

  it('refuses an unknown format, naming the ones there are', () => {
    const error = refusal({ ...request, format: 'monologue' });
    expect(error.field).toBe('format');
    expect(error.message).toBe(
      'format must be one of deep-dive, brief, debate, critique, lecture (got "monologue")',
    );
  });

  it(`refuses a brief longer than ${BRIEF_MAX_MINUTES} minutes, naming minutes`, () => {
    const error = refusal({ ...request, format: 'brief', minutes: BRIEF_MAX_MINUTES + 1 });
    expect({ field: error.field, message: error.message }).toEqual({
      field: 'minutes',
      message: `a brief is ${BRIEF_MAX_MINUTES} minutes at most`,
    });
  });
});

describe('the prompts of a format', () => {
  const outline: ScriptOutline = {
    title: 'Cars and cities',
    summary: 'Two sides of a ban.',
    keyPoints: ['Streets are shared.'],
    hosts: [{ name: 'Alex' }, { name: 'Sam' }],
    chapters: [
      { title: 'Opening', brief: 'The case for and against.', targetWords: 700 },
      { title: 'Closing', brief: 'Summing up.', targetWords: 700 },
    ],
  };

  it('leave the deep dive’s system prompts exactly as they were (no format paragraph)', () => {
    const plain = buildScriptPrompts(request);
    const deepDive = buildScriptPrompts({ ...request, format: 'deep-dive' });
    expect(deepDive.system).toBe(plain.system);
    expect(plain.system).not.toContain('Format:');
  });

  it('tell the whole-script, outline and chapter writers that a debate has the hosts on opposite sides', () => {
    const debate = { ...request, minutes: 30, format: 'debate' as const };
    const systems = [
      buildScriptPrompts(debate).system,
      buildOutlinePrompts(debate).system,
      buildChapterPrompts(debate, outline, 0).system,
    ];
    for (const system of systems) {
      expect(system).toContain('Format: a debate. The first host argues for');
      expect(system).toContain('the second host argues against it');
    }
  });

  it('ask a critique for strengths, weaknesses and a verdict, and a brief for the essentials', () => {
    expect(buildScriptPrompts({ ...request, format: 'critique' }).system).toContain(
      'End with a balanced verdict.',
    );
    expect(buildScriptPrompts({ ...request, minutes: 2, format: 'brief' }).system).toContain(
      'Format: a brief.',
    );
  });
});

describe('the offline writer and a format', () => {
  const sourceText =
    'Cars take up most of the street space in many cities. Buses carry more people per lane. ' +
    'Some shops fear losing customers who drive. Studies of car-free streets often find more foot traffic.';

  it('says plainly that a debate needs a language model instead of pretending to argue', async () => {
    const script = await new OfflineScriptWriter().write({
      ...request,
      sourceText,
      format: 'debate',
    });
    const spoken = script.chapters
      .flatMap((chapter) => chapter.segments.map((s) => s.text))
      .join(' ');
    expect(spoken).toContain('You asked for a debate. Arguing two sides takes a language model');
  });

  it('says nothing about the format of a deep dive', async () => {
    const script = await new OfflineScriptWriter().write({ ...request, sourceText });
    const spoken = script.chapters
      .flatMap((chapter) => chapter.segments.map((s) => s.text))
      .join(' ');
    expect(spoken).not.toContain('You asked for');
  });
});
