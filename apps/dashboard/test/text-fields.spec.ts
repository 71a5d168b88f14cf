import { validateEpisodeDraft, type EpisodeDraft } from '../src/domain/episode-draft';
import { formAccepts, serverAccepts, VALID_DRAFT } from './support/draft-verdicts';

// The New episode form refuses what the API's text rule refuses, field by field, with a message
// beside the field: both read `textFault` from @lumcast/pipeline.

/** The draft with `text` in `field` (a host name is the first of two). */
function draftWith(
  field: 'topic' | 'sourceText' | 'seriesId' | 'hosts',
  text: string,
): EpisodeDraft {
  return { ...VALID_DRAFT, [field]: field === 'hosts' ? `${text}, Sam` : text };
}

const FIELDS = ['topic', 'sourceText', 'seriesId', 'hosts'] as const;

const REFUSED: [string, string][] = [
  ['NUL', 'Tides\u0000now'],
  ['a C1 control', 'Tides\u0085now'],
  ['a lone surrogate', 'Tides\ud83dnow'],
  ['U+FFFF', 'Tides\uffffnow'],
  ['U+FDD0', 'Tides\ufdd0now'],
  ['a right-to-left override', 'Tides\u202enow'],
  ['a first strong isolate', 'Tides\u2068now'],
  ['only zero-width spaces', '\u200b\u200b'],
];

const REFUSED_IN_IDS: [string, string][] = [
  ['a zero-width space', 'rivers\u200b'],
  ['a zero-width joiner', 'riv\u200ders'],
  ['a right-to-left mark', 'rivers\u200f'],
  ['a variation selector', 'rivers\ufe0e'],
];

describe('the New episode form’s text fields', () => {
  describe.each(FIELDS)('%s', (field) => {
    it.each(REFUSED)('refuses %s beside the field, as the API does', (_, text) => {
      const draft = draftWith(field, text);
      expect(serverAccepts(draft)).toBe(false);
      const verdict = validateEpisodeDraft(draft);
      expect(verdict.ok).toBe(false);
      expect(verdict.ok ? undefined : verdict.errors[field]).toEqual(expect.any(String));
    });
  });

  describe.each(['seriesId', 'hosts'] as const)('%s (an id)', (field) => {
    it.each(REFUSED_IN_IDS)('refuses %s, as the API does', (_, text) => {
      const draft = draftWith(field, text);
      expect({ form: formAccepts(draft), api: serverAccepts(draft) }).toEqual({
        form: false,
        api: false,
      });
    });
  });

  it.each([
    ['a right-to-left mark in a topic', draftWith('topic', 'שלום\u200f world')],
    ['line breaks and tabs in a source text', draftWith('sourceText', 'Tides.\n\tThe moon.')],
    ['a decomposed accent in a series name', draftWith('seriesId', 'Rivie\u0300re')],
  ])('accepts %s, as the API does', (_, draft) => {
    expect({ form: formAccepts(draft), api: serverAccepts(draft) }).toEqual({
      form: true,
      api: true,
    });
  });

  it('words a refusal with the field’s name and the character at fault', () => {
    const verdict = validateEpisodeDraft(draftWith('topic', 'Tides\u202enow'));
    expect(verdict).toEqual({
      ok: false,
      errors: {
        topic:
          'The topic must not hold bidirectional controls (embeddings, overrides and isolates): U+202E.',
      },
    });
  });
});
