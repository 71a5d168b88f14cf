import { act, renderHook } from '@testing-library/react';
import type { EpisodeField } from '../src/domain/episode-draft';
import { useEpisodeDraft } from '../src/hooks/use-episode-draft';

function draftWith(values: Partial<Record<EpisodeField, string>>) {
  const hook = renderHook(() => useEpisodeDraft());
  // One change per act, as typing does: each update sees the draft the last one left.
  act(() => hook.result.current.update('topic', 'Tides'));
  for (const [field, value] of Object.entries(values)) {
    act(() => hook.result.current.update(field as EpisodeField, value));
  }
  return hook;
}

describe('useEpisodeDraft', () => {
  it('builds a trimmed request without empty optional fields when the draft is valid', () => {
    const { result } = draftWith({ minutes: '3', quality: 'neural', sourceText: '  ' });
    let checked: ReturnType<typeof result.current.check> | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 3, quality: 'neural' },
    });
    expect(result.current.cost).toBe(6);
  });

  it.each<[EpisodeField, string, string]>([
    ['topic', '   ', 'Enter a topic.'],
    ['topic', 'x'.repeat(201), 'Keep the topic to 200 characters (now 201).'],
    [
      'sourceText',
      'x'.repeat(100_001),
      'Source text is limited to 100,000 characters (now 100,001).',
    ],
    ['minutes', '0', 'Choose between 1 and 60 minutes.'],
    ['minutes', '61', 'Choose between 1 and 60 minutes.'],
    ['minutes', '1.5', 'Enter a whole number of minutes.'],
    ['minutes', 'ten', 'Enter a whole number of minutes.'],
    ['quality', 'studio', 'Choose a voice quality.'],
    ['seriesId', 'x'.repeat(201), 'Keep the series name to 200 characters.'],
    [
      'seriesId',
      'rivers\u0007',
      'Remove control characters (tabs, line breaks and the like) from the series name.',
    ],
    [
      'sourceUrl',
      'example.org/tides',
      'Source link must be an absolute URL such as https://example.com/article.',
    ],
    ['sourceUrl', 'ftp://example.org/tides.txt', 'Source link must be http or https.'],
    [
      'sourceUrl',
      'https://alice:secret@example.org/tides',
      'Source link must not carry a user name or password.',
    ],
    [
      'sourceUrl',
      `https://example.org/${'x'.repeat(2048)}`,
      'Source link must be at most 2048 characters.',
    ],
    [
      'seriesId',
      'rivers\tof europe',
      'Remove control characters (tabs, line breaks and the like) from the series name.',
    ],
  ])('refuses a wrong %s (case %#) with the message beside that field', (field, value, message) => {
    const { result } = draftWith({ [field]: value });
    let checked: ReturnType<typeof result.current.check> | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toEqual({ ok: false, firstInvalid: field });
    expect(result.current.errors).toEqual({ [field]: message });
  });

  it('sends a trimmed source link and leaves out a blank one', () => {
    const linked = draftWith({ sourceUrl: '  https://example.org/tides  ' });
    let checked: ReturnType<typeof linked.result.current.check> | undefined;
    act(() => {
      checked = linked.result.current.check();
    });
    expect(checked).toMatchObject({
      ok: true,
      request: { sourceUrl: 'https://example.org/tides' },
    });

    const blank = draftWith({ sourceUrl: '   ' });
    act(() => {
      checked = blank.result.current.check();
    });
    expect(checked).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 1, quality: 'standard' },
    });
  });

  it('refuses a source link given together with a source text, beside the link', () => {
    const { result } = draftWith({
      sourceText: 'The Moon pulls.',
      sourceUrl: 'https://example.org/',
    });
    let checked: ReturnType<typeof result.current.check> | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toEqual({ ok: false, firstInvalid: 'sourceUrl' });
    expect(result.current.errors).toEqual({
      sourceUrl: 'Give a source text or a source link, not both.',
    });
  });

  it('clears the link’s message once the source text it clashed with is removed', () => {
    const { result } = draftWith({
      sourceText: 'The Moon pulls.',
      sourceUrl: 'https://example.org/',
    });
    act(() => result.current.blur('sourceUrl'));
    expect(result.current.errors.sourceUrl).toBe('Give a source text or a source link, not both.');
    act(() => result.current.update('sourceText', ''));
    expect(result.current.errors.sourceUrl).toBeUndefined();
  });

  it('leaves the default format out of the request and sends any other', () => {
    const deepDive = draftWith({ minutes: '3' });
    let checked: ReturnType<typeof deepDive.result.current.check> | undefined;
    act(() => {
      checked = deepDive.result.current.check();
    });
    expect(checked).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 3, quality: 'standard' },
    });

    const debate = draftWith({ format: 'debate', minutes: '3' });
    act(() => {
      checked = debate.result.current.check();
    });
    expect(checked).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 3, quality: 'standard', format: 'debate' },
    });
  });

  it('refuses a brief over 2 minutes on the minutes, in the schema’s words', () => {
    const { result } = draftWith({ format: 'brief', minutes: '3' });
    let checked: ReturnType<typeof result.current.check> | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toEqual({ ok: false, firstInvalid: 'minutes' });
    expect(result.current.errors).toEqual({ minutes: 'A brief is 2 minutes at most.' });
  });

  it('clears the brief’s message on the minutes once the format is changed', () => {
    const { result } = draftWith({ format: 'brief', minutes: '3' });
    act(() => result.current.blur('minutes'));
    expect(result.current.errors.minutes).toBe('A brief is 2 minutes at most.');
    act(() => result.current.update('format', 'deep-dive'));
    expect(result.current.errors.minutes).toBeUndefined();
  });

  it('words an unknown format as the schema does, beside the format', () => {
    const { result } = draftWith({ format: 'monologue' });
    act(() => result.current.blur('format'));
    expect(result.current.errors).toEqual({
      format:
        'Format must be one of deep-dive, brief, debate, critique, lecture (got "monologue").',
    });
  });

  it('accepts a series name the API accepts', () => {
    const { result } = draftWith({ seriesId: '  Rivers of Europe  ' });
    let checked: ReturnType<typeof result.current.check> | undefined;
    act(() => {
      checked = result.current.check();
    });
    expect(checked).toMatchObject({ ok: true, request: { seriesId: 'Rivers of Europe' } });
  });

  it('checks a field only once it has lost focus, then clears its message when fixed', () => {
    const { result } = draftWith({ seriesId: 'a\tb' });
    expect(result.current.errors.seriesId).toBeUndefined();
    act(() => result.current.blur('seriesId'));
    expect(result.current.errors.seriesId).toMatch(/control characters/);
    act(() => result.current.update('seriesId', 'ab'));
    expect(result.current.errors.seriesId).toBeUndefined();
  });

  it('has no cost until minutes and quality are valid', () => {
    const { result } = draftWith({ minutes: '0' });
    expect(result.current.cost).toBeUndefined();
  });

  it('clears topic, source text and source link after an episode is sent and keeps the rest', () => {
    const { result } = draftWith({
      sourceText: 'Moon.',
      sourceUrl: 'https://example.org/',
      quality: 'neural',
      seriesId: 'sea',
    });
    act(() => result.current.sent());
    expect(result.current.draft).toEqual({
      topic: '',
      sourceText: '',
      sourceUrl: '',
      format: 'deep-dive',
      language: 'en-US',
      hosts: '',
      minutes: '1',
      quality: 'neural',
      seriesId: 'sea',
    });
  });
});
