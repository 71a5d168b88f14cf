import {
  parseScriptRequest,
  scriptRequestSchema,
  SERIES_CONTEXT_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '../src/script/request';
import { ScriptGenerationError } from '../src/errors';
import { requestRefusal } from './support/request-refusal';

const VALID = { topic: 'Tides', minutes: 5, quality: 'neural' };

const inputError = requestRefusal;

describe('parseScriptRequest', () => {
  describe('valid requests', () => {
    it('returns the request with a trimmed topic', () => {
      expect(parseScriptRequest({ ...VALID, topic: '  Tides  ' })).toEqual({
        topic: 'Tides',
        minutes: 5,
        quality: 'neural',
      });
    });

    it('keeps a source text of exactly the limit', () => {
      const sourceText = 'a'.repeat(SOURCE_TEXT_MAX_CHARS);
      expect(parseScriptRequest({ ...VALID, sourceText }).sourceText).toBe(sourceText);
    });

    it('treats a blank source text as no source text', () => {
      expect(parseScriptRequest({ ...VALID, sourceText: ' \n ' })).not.toHaveProperty('sourceText');
    });

    it('accepts the bounds of minutes and every quality', () => {
      for (const quality of ['standard', 'neural', 'generative']) {
        expect(parseScriptRequest({ ...VALID, quality, minutes: 1 }).quality).toBe(quality);
        expect(parseScriptRequest({ ...VALID, quality, minutes: 60 }).minutes).toBe(60);
      }
    });

    it('keeps a series context', () => {
      const series = {
        seriesId: 'rivers',
        previousEpisodes: [{ title: 'One', summary: 'S', keyPoints: ['K'] }],
      };
      expect(parseScriptRequest({ ...VALID, series }).series).toEqual(series);
    });

    it('states its limits as constants', () => {
      expect(TOPIC_MAX_CHARS).toBe(200);
      expect(SOURCE_TEXT_MAX_CHARS).toBe(100_000);
      expect(scriptRequestSchema.safeParse(VALID).success).toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a missing topic', { minutes: 5, quality: 'neural' }, 'topic', 'topic is required'],
      ['an empty topic', { ...VALID, topic: '' }, 'topic', 'topic must not be empty'],
      ['a blank topic', { ...VALID, topic: '   ' }, 'topic', 'topic must not be empty'],
      ['a numeric topic', { ...VALID, topic: 42 }, 'topic', 'topic must be a string'],
      [
        'a topic over the limit',
        { ...VALID, topic: 'x'.repeat(201) },
        'topic',
        'topic must be at most 200 characters',
      ],
      [
        'an oversized source text',
        { ...VALID, sourceText: 'a'.repeat(SOURCE_TEXT_MAX_CHARS + 1) },
        'sourceText',
        'sourceText must be at most 100000 characters (got 100001)',
      ],
      ['minutes 0', { ...VALID, minutes: 0 }, 'minutes', 'minutes must be between 1 and 60'],
      ['minutes 61', { ...VALID, minutes: 61 }, 'minutes', 'minutes must be between 1 and 60'],
      [
        'fractional minutes',
        { ...VALID, minutes: 2.5 },
        'minutes',
        'minutes must be a whole number',
      ],
      ['minutes as a string', { ...VALID, minutes: '5' }, 'minutes', 'minutes must be a number'],
      ['minutes NaN', { ...VALID, minutes: Number.NaN }, 'minutes', 'minutes must be a number'],
      ['missing minutes', { topic: 'Tides', quality: 'neural' }, 'minutes', 'minutes is required'],
      [
        'an unknown quality',
        { ...VALID, quality: 'ultra' },
        'quality',
        'quality must be one of standard, neural, generative (got "ultra")',
      ],
      [
        'a missing quality',
        { topic: 'Tides', minutes: 5 },
        'quality',
        'quality must be one of standard, neural, generative (got nothing)',
      ],
      [
        'an oversized series context',
        {
          ...VALID,
          series: {
            seriesId: 's',
            previousEpisodes: [
              { title: 't', summary: 'x'.repeat(SERIES_CONTEXT_MAX_CHARS), keyPoints: [] },
            ],
          },
        },
        'series.previousEpisodes',
        `series context must be at most ${SERIES_CONTEXT_MAX_CHARS} characters in all`,
      ],
      [
        'a series without an id',
        { ...VALID, series: { seriesId: '', previousEpisodes: [] } },
        'series.seriesId',
        'seriesId must not be empty',
      ],
    ])('rejects %s with a typed error naming the field', (_case, input, field, message) => {
      const error = inputError(input);
      expect(error).toBeInstanceOf(ScriptGenerationError);
      expect(error.name).toBe('ScriptInputError');
      expect(error.field).toBe(field);
      expect(error.message).toBe(message);
      expect(error.cause).toBeDefined();
    });

    it.each([null, undefined, 'Tides', 42, [VALID]])(
      'rejects %p, which is not an object',
      (input) => {
        expect(inputError(input).field).toBe('(request)');
      },
    );
  });
});
