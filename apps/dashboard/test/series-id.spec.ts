// The form and the API both use @lumcast/pipeline's `seriesIdProblem`; the API's own parser, read
// straight from its module (@lumcast/pipeline does not export it), checks the form end to end.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { parsePodcastRequest } from '../../../libs/pipeline/src/api/podcast-request';
import { validateEpisodeDraft, type EpisodeDraft } from '../src/domain/episode-draft';
import { VALID_DRAFT } from './support/draft-verdicts';

const VALID: EpisodeDraft = VALID_DRAFT;

const SERIES_IDS: Array<[string, string]> = [
  ['a plain name', 'rivers of europe'],
  ['a name with a tab', 'rivers\tof europe'],
  ['a name with a line break inside', 'rivers\nof europe'],
  ['a name with a NUL', 'rivers\u0000'],
  ['a name with DEL', 'riv\u007fers'],
  ['a name with an escape', '\u001b[31mred'],
  ['a name of exactly 200 characters', 'x'.repeat(200)],
  ['a name of 201 characters', 'x'.repeat(201)],
  ['a name padded with spaces', '  rivers  '],
  ['a name in CJK', '河流'],
];

function serverAccepts(seriesId: string): boolean {
  try {
    parsePodcastRequest(
      JSON.stringify({ topic: 'Tides', minutes: 3, quality: 'neural', seriesId }),
    );
    return true;
  } catch {
    return false;
  }
}

describe('the form and the API agree on series ids', () => {
  it.each(SERIES_IDS)('gives the same verdict as the API for %s', (_label, seriesId) => {
    const form = validateEpisodeDraft({ ...VALID, seriesId });
    expect(form.ok).toBe(serverAccepts(seriesId));
  });

  it('refuses control characters in the series name with a message beside the field', () => {
    const form = validateEpisodeDraft({ ...VALID, seriesId: 'rivers\tof europe' });
    expect(form).toEqual({
      ok: false,
      errors: {
        seriesId:
          'Remove control characters (tabs, line breaks and the like) from the series name.',
      },
    });
  });
});
