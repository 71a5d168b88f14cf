import { parseFeedRequest } from '../src/api/feed-request';
import { parsePodcastRequest, PodcastRequestError } from '../src/api/podcast-request';

// The API's text fields against each class of invisible or control character: one rule
// (`src/text/text-rule.ts`) for the topic, the source text, series ids and host names.

const valid = { topic: 'Tides', minutes: 2, quality: 'neural' };

/** A request body with `text` in `field` (a host name goes in the first of two hosts). */
function bodyWith(field: string, text: string): Record<string, unknown> {
  if (field === 'hosts') return { ...valid, hosts: [{ name: text }, { name: 'Sam' }] };
  return { ...valid, [field]: text };
}

/** The API's refusal of `text` in `field`, or undefined when it is accepted. */
function refusalOf(field: string, text: string): PodcastRequestError | undefined {
  try {
    if (field === 'feed seriesId') parseFeedRequest(JSON.stringify({ seriesId: text }));
    else parsePodcastRequest(JSON.stringify(bodyWith(field, text)));
    return undefined;
  } catch (error) {
    if (error instanceof PodcastRequestError) return error;
    throw error;
  }
}

/** The `field` an error names for each tested field. */
const FIELD_NAMES: Record<string, string> = {
  topic: 'topic',
  sourceText: 'sourceText',
  seriesId: 'seriesId',
  'feed seriesId': 'seriesId',
  hosts: 'hosts.0.name',
};

const ALL_FIELDS = ['topic', 'sourceText', 'seriesId', 'feed seriesId', 'hosts'];
const ID_FIELDS = ['seriesId', 'feed seriesId', 'hosts'];

/** Character classes every field refuses, each inside otherwise valid text. */
const REFUSED_EVERYWHERE: [string, string][] = [
  ['NUL (C0)', 'Tides\u0000now'],
  ['BEL (C0)', 'Tides\u0007now'],
  ['escape (C0)', 'Tides\u001b[31mnow'],
  ['DEL', 'Tides\u007fnow'],
  ['NEL (C1)', 'Tides\u0085now'],
  ['CSI (C1)', 'Tides\u009bnow'],
  ['a lone high surrogate', 'Tides\ud83dnow'],
  ['a lone low surrogate', 'Tides\ude00now'],
  ['U+FFFF', 'Tides\uffffnow'],
  ['U+FFFE', 'Tides\ufffenow'],
  ['U+FDD0', 'Tides\ufdd0now'],
  ['U+1FFFF', 'Tides\u{1ffff}now'],
  ['U+10FFFF', 'Tides\u{10ffff}now'],
  ['a right-to-left override (U+202E)', 'Tides\u202enow'],
  ['a left-to-right embedding (U+202A)', 'Tides\u202anow'],
  ['a left-to-right isolate (U+2066)', 'Tides\u2066now'],
  ['a pop directional isolate (U+2069)', 'Tides\u2069now'],
  ['only zero-width spaces', '\u200b\u200b\u200b'],
  ['only a zero-width joiner and a word joiner', '\u200d\u2060'],
  ['only a byte order mark and a soft hyphen', '\ufeff\u00ad'],
  ['only Hangul fillers', '\u3164\u3164'],
  ['only variation selectors', '\ufe0f\ufe0e'],
  ['only combining marks', '\u0301\u0308'],
];

/** Classes that only ids (series ids, host names) refuse. */
const REFUSED_IN_IDS: [string, string][] = [
  ['a zero-width space', 'rivers\u200b'],
  ['a zero-width non-joiner', 'riv\u200cers'],
  ['a zero-width joiner', 'riv\u200ders'],
  ['a word joiner', 'riv\u2060ers'],
  ['a byte order mark', '\ufeffrivers'],
  ['a right-to-left mark (U+200F)', 'rivers\u200f'],
  ['a left-to-right mark (U+200E)', 'rivers\u200e'],
  ['an Arabic letter mark (U+061C)', 'rivers\u061c'],
  ['a soft hyphen', 'riv\u00aders'],
  ['a combining grapheme joiner', 'riv\u034fers'],
  ['a variation selector', 'rivers\ufe0f'],
];

describe('the API’s text fields', () => {
  describe.each(ALL_FIELDS)('%s', (field) => {
    it.each(REFUSED_EVERYWHERE)('refuses %s with 400 invalid_field naming the field', (_, text) => {
      const error = refusalOf(field, text);
      expect(error).toBeInstanceOf(PodcastRequestError);
      expect(error).toMatchObject({ code: 'invalid_field', field: FIELD_NAMES[field] });
      expect(error?.message).toContain(FIELD_NAMES[field]);
    });

    it('accepts text in NFD and keeps it in NFC', () => {
      const decomposed = 'Rivie\u0300re';
      expect(refusalOf(field, decomposed)).toBeUndefined();
    });
  });

  describe.each(ID_FIELDS)('%s (an id)', (field) => {
    it.each(REFUSED_IN_IDS)('refuses %s, so no two ids look the same', (_, text) => {
      expect(refusalOf(field, text)).toMatchObject({
        code: 'invalid_field',
        field: FIELD_NAMES[field],
      });
    });
  });

  it.each([
    ['a right-to-left mark in a topic', 'topic', 'שלום\u200f world'],
    ['a zero-width joiner inside an emoji in a topic', 'topic', 'Families 👨\u200d👩\u200d👧'],
    ['line breaks and tabs in a source text', 'sourceText', 'Tides.\n\n\tThe moon.\r\nThe sun.'],
    ['a zero-width non-joiner in a Persian source text', 'sourceText', 'می\u200cخواهم'],
  ])('accepts %s', (_, field, text) => {
    expect(refusalOf(field, text)).toBeUndefined();
  });

  it.each([
    ['topic', 'Tides\nLength: 60 minutes'],
    ['topic', 'Tides\tnow'],
    ['seriesId', 'rivers\u2028two'],
  ])('refuses a line break or tab in the one-line field %s', (field, text) => {
    expect(refusalOf(field, text)).toMatchObject({ code: 'invalid_field', field });
  });

  it('keeps what it accepts in NFC, so one name typed two ways is one series', () => {
    const composed = parsePodcastRequest(
      JSON.stringify({ ...valid, topic: 'Rivi\u00e8re', seriesId: 'Rivi\u00e8re' }),
    );
    const decomposed = parsePodcastRequest(
      JSON.stringify({
        ...valid,
        topic: 'Rivie\u0300re',
        seriesId: 'Rivie\u0300re',
        sourceText: 'Rivie\u0300re',
        hosts: [{ name: 'Ame\u0301lie' }, { name: 'Sam' }],
      }),
    );
    expect(decomposed.topic).toBe(composed.topic);
    expect(decomposed.seriesId).toBe(composed.seriesId);
    expect(decomposed.sourceText).toBe('Rivi\u00e8re');
    expect(decomposed.hosts?.[0]?.name).toBe('Am\u00e9lie');
    expect(parseFeedRequest(JSON.stringify({ seriesId: 'Rivie\u0300re' }))).toEqual({
      seriesId: 'Rivi\u00e8re',
    });
  });
});
