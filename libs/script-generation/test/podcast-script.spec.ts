import { countScriptWords, countWords, validatePodcastScript } from '../src/script/podcast-script';
import { scriptWithWords } from './support/scripts';

describe('validatePodcastScript', () => {
  it('accepts a valid script and trims its strings', () => {
    const script = scriptWithWords(50);
    const result = validatePodcastScript({ ...script, title: '  Rivers  ' });
    expect(result).toEqual({ ok: true, script: { ...script, title: 'Rivers' } });
  });

  it('names the field of every problem', () => {
    const result = validatePodcastScript({
      title: '',
      summary: 'S',
      hosts: [],
      chapters: [],
      keyPoints: [],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual(
      expect.arrayContaining([
        'title: title must not be empty',
        'hosts: an episode needs at least one host',
        'chapters: a script needs at least one chapter',
        'keyPoints: list at least one key point',
      ]),
    );
  });

  it('rejects a speaker who is not one of the hosts', () => {
    const script = scriptWithWords(50);
    const firstChapter = script.chapters[0];
    if (!firstChapter) throw new Error('fixture has a chapter');
    firstChapter.segments[0] = { speaker: 'Bob', text: 'Hello.' };
    expect(validatePodcastScript(script)).toEqual({
      ok: false,
      issues: ['chapters.0.segments.0.speaker: speaker "Bob" is not one of the hosts (Alex, Sam)'],
    });
  });

  it('rejects two hosts with the same name, whatever their case', () => {
    const script = { ...scriptWithWords(10), hosts: [{ name: 'Alex' }, { name: 'alex' }] };
    expect(validatePodcastScript(script)).toMatchObject({
      ok: false,
      issues: ['hosts.1.name: the hosts must have different names'],
    });
  });

  it('accepts one host or three, and refuses four', () => {
    const script = scriptWithWords(10);
    const spokenBy = (names: string[]) => ({
      ...script,
      hosts: names.map((name) => ({ name })),
      chapters: script.chapters.map((chapter) => ({
        ...chapter,
        segments: chapter.segments.map((segment, index) => ({
          ...segment,
          speaker: names[index % names.length] ?? '',
        })),
      })),
    });
    expect(validatePodcastScript(spokenBy(['Alex'])).ok).toBe(true);
    expect(validatePodcastScript(spokenBy(['Alex', 'Sam', 'Noor'])).ok).toBe(true);
    expect(validatePodcastScript(spokenBy(['Alex', 'Sam', 'Noor', 'Ivo']))).toMatchObject({
      ok: false,
      issues: ['hosts: an episode has at most 3 hosts'],
    });
  });

  it('names the lone host when a segment has another speaker', () => {
    const script = { ...scriptWithWords(10), hosts: [{ name: 'Sam' }] };
    const result = validatePodcastScript(script);
    expect(result.ok ? [] : result.issues).toContain(
      'chapters.0.segments.0.speaker: speaker "Alex" is not the host (Sam)',
    );
  });

  it('rejects something that is not an object', () => {
    expect(validatePodcastScript('script')).toMatchObject({
      ok: false,
      issues: [expect.stringMatching(/^\(root\): /)],
    });
  });
});

describe('countWords', () => {
  it('counts words, contractions and numbers but not punctuation or emoji', () => {
    expect(countWords("Don't panic — it's 42. 😀 well-known!")).toBe(5);
    expect(countWords('   ')).toBe(0);
  });

  it('counts Japanese text by its words and a long run without breaks as one word per 30 letters', () => {
    expect(countWords('潮汐は月の引力によって起こる')).toBe(7);
    expect(countWords('a'.repeat(100_000))).toBe(3_334);
    expect(countWords('Donaudampfschifffahrt')).toBe(1);
  });
});

describe('countScriptWords', () => {
  it('counts only the spoken segment text', () => {
    expect(countScriptWords(scriptWithWords(123))).toBe(123);
  });
});
