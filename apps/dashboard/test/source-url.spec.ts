// The form and the API both use @lumcast/pipeline's `sourceUrlProblem`; support/draft-verdicts.ts
// compares their verdicts end to end.
import { draftBody, validateEpisodeDraft, type EpisodeDraft } from '../src/domain/episode-draft';
import { formAccepts, serverAccepts, VALID_DRAFT as VALID } from './support/draft-verdicts';

const LINKS: Array<[string, Partial<EpisodeDraft>, boolean]> = [
  ['an https page', { sourceUrl: 'https://example.org/tides' }, true],
  ['an http text file', { sourceUrl: 'http://example.org/tides.txt' }, true],
  ['a link padded with spaces', { sourceUrl: '  https://example.org/tides  ' }, true],
  ['a link without a scheme', { sourceUrl: 'example.org/tides' }, false],
  ['an ftp link', { sourceUrl: 'ftp://example.org/tides.txt' }, false],
  ['a javascript: link', { sourceUrl: 'javascript:alert(1)' }, false],
  ['a link with a user name', { sourceUrl: 'https://alice@example.org/tides' }, false],
  ['a link of 2048 characters', { sourceUrl: `https://example.org/${'x'.repeat(2028)}` }, true],
  ['a link of 2049 characters', { sourceUrl: `https://example.org/${'x'.repeat(2029)}` }, false],
  ['a link with a source text', { sourceUrl: 'https://example.org/', sourceText: 'Moon.' }, false],
  ['a source text alone', { sourceText: 'The Moon pulls the sea.' }, true],
];

describe('the form and the API agree on source links', () => {
  it.each(LINKS)('gives the same verdict as the API for %s', (_label, values, accepted) => {
    const draft = { ...VALID, ...values };
    expect(serverAccepts(draft)).toBe(accepted);
    expect(formAccepts(draft)).toBe(accepted);
  });

  it('puts a trimmed source link in the body', () => {
    expect(draftBody({ ...VALID, sourceUrl: '  https://example.org/tides\n' })).toEqual({
      topic: 'Tides',
      minutes: 3,
      quality: 'neural',
      sourceUrl: 'https://example.org/tides',
    });
  });

  it('leaves a blank source link out of the body', () => {
    expect(draftBody({ ...VALID, sourceUrl: ' \t ' })).not.toHaveProperty('sourceUrl');
  });

  it('words the shared rule’s problem as a sentence about the source link', () => {
    expect(validateEpisodeDraft({ ...VALID, sourceUrl: 'ftp://example.org/tides.txt' })).toEqual({
      ok: false,
      errors: { sourceUrl: 'Source link must be http or https.' },
    });
  });

  it('refuses a source text and a source link together, beside the link', () => {
    expect(
      validateEpisodeDraft({ ...VALID, sourceText: 'Moon.', sourceUrl: 'https://example.org/' }),
    ).toEqual({
      ok: false,
      errors: { sourceUrl: 'Give a source text or a source link, not both.' },
    });
  });

  it('names the link’s own problem before the clash with a source text, as the API does', () => {
    expect(
      validateEpisodeDraft({ ...VALID, sourceText: 'Moon.', sourceUrl: 'example.org' }),
    ).toEqual({
      ok: false,
      errors: {
        sourceUrl: 'Source link must be an absolute URL such as https://example.com/article.',
      },
    });
  });
});
