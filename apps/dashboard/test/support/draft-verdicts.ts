// The API's own request parser, read straight from its module (@lumcast/pipeline does not export
// it), so the form's verdicts can be checked against the server's end to end.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { parsePodcastRequest } from '../../../../libs/pipeline/src/api/podcast-request';
import { draftBody, validateEpisodeDraft, type EpisodeDraft } from '../../src/domain/episode-draft';

/** A draft the form and the API both accept: a 3-minute neural deep dive on tides. */
export const VALID_DRAFT: EpisodeDraft = Object.freeze({
  topic: 'Tides',
  sourceText: '',
  sourceUrl: '',
  language: 'en-US',
  format: 'deep-dive',
  minutes: '3',
  quality: 'neural',
  hosts: '',
  seriesId: '',
});

/** Whether the API's parser accepts the body the form would send for `draft`. */
export function serverAccepts(draft: EpisodeDraft): boolean {
  try {
    parsePodcastRequest(JSON.stringify(draftBody(draft)));
    return true;
  } catch {
    return false;
  }
}

/** Whether the form's own validation accepts `draft`. */
export function formAccepts(draft: EpisodeDraft): boolean {
  return validateEpisodeDraft(draft).ok;
}
