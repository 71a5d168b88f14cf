// The form checks the format with @lumcast/script-generation's `scriptRequestSchema`, which the
// API's own parser runs; support/draft-verdicts.ts compares the two end to end.
import { draftBody, validateEpisodeDraft, type EpisodeDraft } from '../src/domain/episode-draft';
import { formAccepts, serverAccepts, VALID_DRAFT as VALID } from './support/draft-verdicts';

const FORMATS: Array<[string, Partial<EpisodeDraft>, boolean]> = [
  ['a deep dive', {}, true],
  ['a debate', { format: 'debate' }, true],
  ['a critique of 60 minutes', { format: 'critique', minutes: '60' }, true],
  ['a brief of 1 minute', { format: 'brief', minutes: '1' }, true],
  ['a brief of 2 minutes', { format: 'brief', minutes: '2' }, true],
  ['a brief of 3 minutes', { format: 'brief', minutes: '3' }, false],
  ['an unknown format', { format: 'monologue' }, false],
  ['an empty format', { format: '' }, false],
];

describe('the form and the API agree on formats', () => {
  it.each(FORMATS)('gives the same verdict as the API for %s', (_label, values, accepted) => {
    const draft = { ...VALID, ...values };
    expect(serverAccepts(draft)).toBe(accepted);
    expect(formAccepts(draft)).toBe(accepted);
  });

  it('leaves the default format out of the body, so a deep dive’s body is unchanged', () => {
    expect(draftBody(VALID)).toEqual({ topic: 'Tides', minutes: 3, quality: 'neural' });
    expect(draftBody(VALID)).not.toHaveProperty('format');
  });

  it.each(['brief', 'debate', 'critique', 'lecture'])('puts a %s format in the body', (format) => {
    expect(draftBody({ ...VALID, format, minutes: '2' })).toEqual({
      topic: 'Tides',
      minutes: 2,
      quality: 'neural',
      format,
    });
  });

  it('sends the format in the validated request only when it is not the default', () => {
    expect(validateEpisodeDraft(VALID)).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 3, quality: 'neural' },
    });
    expect(validateEpisodeDraft({ ...VALID, format: 'critique' })).toEqual({
      ok: true,
      request: { topic: 'Tides', minutes: 3, quality: 'neural', format: 'critique' },
    });
  });

  it('refuses a brief over 2 minutes on the minutes, as the schema says it', () => {
    expect(validateEpisodeDraft({ ...VALID, format: 'brief', minutes: '3' })).toEqual({
      ok: false,
      errors: { minutes: 'A brief is 2 minutes at most.' },
    });
  });

  it('still asks for a length in range before the brief’s own limit', () => {
    const checked = validateEpisodeDraft({ ...VALID, format: 'brief', minutes: '0' });
    expect(checked).toEqual({
      ok: false,
      errors: { minutes: 'Choose between 1 and 60 minutes.' },
    });
  });

  it('words an unknown format as a sentence of the schema’s message, beside the format', () => {
    expect(validateEpisodeDraft({ ...VALID, format: 'monologue' })).toEqual({
      ok: false,
      errors: {
        format:
          'Format must be one of deep-dive, brief, debate, critique, lecture (got "monologue").',
      },
    });
  });
});
