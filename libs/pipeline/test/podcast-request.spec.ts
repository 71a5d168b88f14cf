import {
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';
import { parsePodcastRequest, PodcastRequestError } from '../src/api/podcast-request';
import { EPISODE_LANGUAGES, episodeLanguage } from '../src/options/episode-options';
import { SOURCE_URL_MAX_CHARS } from '../src/sources/source-url';

const valid = { topic: 'Tides', minutes: 2, quality: 'neural' };

function refusal(body: string | undefined): PodcastRequestError {
  try {
    parsePodcastRequest(body);
  } catch (error) {
    if (error instanceof PodcastRequestError) return error;
    throw error;
  }
  throw new Error(`parsePodcastRequest accepted ${String(body)}`);
}

describe('parsePodcastRequest', () => {
  it('accepts a minimal request and keeps exactly its fields', () => {
    expect(parsePodcastRequest(JSON.stringify(valid))).toEqual({
      topic: 'Tides',
      sourceText: undefined,
      minutes: 2,
      quality: 'neural',
      seriesId: undefined,
    });
  });

  it('accepts a source text and a series id at their limits', () => {
    const request = parsePodcastRequest(
      JSON.stringify({
        ...valid,
        topic: 't'.repeat(TOPIC_MAX_CHARS),
        sourceText: 's'.repeat(SOURCE_TEXT_MAX_CHARS),
        seriesId: 'a'.repeat(SERIES_ID_MAX_CHARS),
        minutes: 60,
      }),
    );
    expect(request.sourceText).toHaveLength(SOURCE_TEXT_MAX_CHARS);
    expect(request.seriesId).toHaveLength(SERIES_ID_MAX_CHARS);
    expect(request.minutes).toBe(60);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['broken JSON', '{"topic": '],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a JSON string', '"Tides"'],
  ])('refuses %s as malformed_json', (_name, body) => {
    const error = refusal(body);
    expect(error.code).toBe('malformed_json');
    expect(error.field).toBeUndefined();
  });

  it('refuses a userId in the body as an unknown field rather than trusting it', () => {
    const error = refusal(JSON.stringify({ ...valid, userId: 'mallory' }));
    expect(error).toMatchObject({ code: 'unknown_field', field: 'userId' });
  });

  it.each([
    ['minutes', 0],
    ['minutes', 61],
    ['minutes', 2.5],
    ['minutes', '2'],
    ['quality', 'ultra'],
    ['topic', ''],
    ['topic', 't'.repeat(TOPIC_MAX_CHARS + 1)],
    ['sourceText', 's'.repeat(SOURCE_TEXT_MAX_CHARS + 1)],
    ['seriesId', '   '],
    ['seriesId', 'Rivers\u0007'],
    ['seriesId', 'a'.repeat(SERIES_ID_MAX_CHARS + 1)],
    ['seriesId', 7],
  ])('refuses %s = %p as invalid_field naming the field', (field, value) => {
    const error = refusal(JSON.stringify({ ...valid, [field]: value }));
    expect(error.code).toBe('invalid_field');
    expect(error.field).toBe(field);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('takes a series name as text, trimmed, and treats an empty or null one as no series', () => {
    expect(
      parsePodcastRequest(JSON.stringify({ ...valid, seriesId: '  Rivers of Europe ' })).seriesId,
    ).toBe('Rivers of Europe');
    expect(
      parsePodcastRequest(JSON.stringify({ ...valid, seriesId: '' })).seriesId,
    ).toBeUndefined();
    expect(
      parsePodcastRequest(JSON.stringify({ ...valid, seriesId: null })).seriesId,
    ).toBeUndefined();
  });

  it('accepts a source link instead of a source text, normalized', () => {
    const request = parsePodcastRequest(
      JSON.stringify({ ...valid, sourceUrl: ' https://Example.org/tides?x=1 ' }),
    );
    expect(request.sourceUrl).toBe('https://example.org/tides?x=1');
    expect(request.sourceText).toBeUndefined();
  });

  it.each([
    [
      'a source text and a source link together',
      { sourceText: 'Tides.', sourceUrl: 'https://example.org/' },
    ],
    ['a link that is not a URL', { sourceUrl: 'example.org/tides' }],
    ['a link of another scheme', { sourceUrl: 'file:///etc/passwd' }],
    ['a link with credentials', { sourceUrl: 'https://user:pw@example.org/' }],
    ['a link that is not text', { sourceUrl: 42 }],
    ['an empty link', { sourceUrl: ' ' }],
    [
      'a link over the limit',
      { sourceUrl: `https://example.org/${'a'.repeat(SOURCE_URL_MAX_CHARS)}` },
    ],
  ])('refuses %s, naming sourceUrl', (_, fields) => {
    const error = refusal(JSON.stringify({ ...valid, ...fields }));
    expect({ code: error.code, field: error.field }).toEqual({
      code: 'invalid_field',
      field: 'sourceUrl',
    });
  });

  it('keeps a format, and refuses an unknown one or a brief over two minutes, naming the field', () => {
    expect(parsePodcastRequest(JSON.stringify({ ...valid, format: 'debate' })).format).toBe(
      'debate',
    );
    expect(parsePodcastRequest(JSON.stringify(valid))).not.toHaveProperty('format');
    expect(refusal(JSON.stringify({ ...valid, format: 'rant' })).field).toBe('format');
    expect(refusal(JSON.stringify({ ...valid, format: 'brief', minutes: 3 })).field).toBe(
      'minutes',
    );
  });

  it('keeps named hosts as names, and refuses a lecture of two or more hosts than the quality has voices', () => {
    expect(
      parsePodcastRequest(
        JSON.stringify({ ...valid, format: 'lecture', hosts: [{ name: ' Noor ' }] }),
      ).hosts,
    ).toEqual([{ name: 'Noor' }]);
    expect(parsePodcastRequest(JSON.stringify(valid))).not.toHaveProperty('hosts');
    expect(
      refusal(
        JSON.stringify({ ...valid, format: 'lecture', hosts: [{ name: 'A' }, { name: 'B' }] }),
      ),
    ).toMatchObject({
      code: 'invalid_field',
      field: 'hosts',
      message: 'a lecture has exactly 1 host',
    });
    expect(
      refusal(JSON.stringify({ ...valid, hosts: [{ name: 'Ada</system>' }, { name: 'B' }] })).field,
    ).toBe('hosts.0.name');
    const three = [{ name: 'Noor' }, { name: 'Ivo' }, { name: 'Kai' }];
    for (const { quality, maxHosts } of episodeLanguage('en-US')?.qualities ?? []) {
      const body = JSON.stringify({ ...valid, quality, hosts: three });
      if (maxHosts >= 3) {
        expect(parsePodcastRequest(body).hosts).toEqual(three);
      } else {
        expect(refusal(body)).toMatchObject({ field: 'hosts' });
        expect(refusal(body).message).toContain(`voices for at most ${maxHosts} hosts`);
      }
    }
  });

  it('refuses a request with no topic, naming the topic', () => {
    const { topic: _topic, ...rest } = valid;
    expect(refusal(JSON.stringify(rest))).toMatchObject({ code: 'invalid_field', field: 'topic' });
  });

  it('gives its error the name PodcastRequestError', () => {
    expect(refusal('{').name).toBe('PodcastRequestError');
  });

  describe('language', () => {
    it('keeps a supported language and leaves it out when none is given', () => {
      expect(parsePodcastRequest(JSON.stringify({ ...valid, language: 'es-MX' })).language).toBe(
        'es-MX',
      );
      expect(parsePodcastRequest(JSON.stringify(valid))).not.toHaveProperty('language');
    });

    it.each(['ja-JP', 'en-AU', 'pt-BR'])(
      'refuses %s with 400 on language, listing every supported code',
      (language) => {
        const error = refusal(JSON.stringify({ ...valid, language }));
        expect(error).toMatchObject({ code: 'invalid_field', field: 'language' });
        expect(error.message).toContain(`(got "${language}")`);
        for (const { code } of EPISODE_LANGUAGES) expect(error.message).toContain(code);
      },
    );

    it('refuses a language that is not a tag, or not a string, on language', () => {
      expect(refusal(JSON.stringify({ ...valid, language: 'Spanish' })).field).toBe('language');
      expect(refusal(JSON.stringify({ ...valid, language: 3 }))).toMatchObject({
        field: 'language',
        message: 'language must be a string',
      });
    });

    it('refuses a quality the language has no voices of, listing the qualities it has', () => {
      const error = refusal(JSON.stringify({ ...valid, language: 'fr-BE', quality: 'standard' }));
      expect(error).toMatchObject({ code: 'invalid_field', field: 'quality' });
      expect(error.message).toBe(
        'French (fr-BE) has no standard voices; choose neural (up to 1 host), generative (up to 1 host).',
      );
    });

    it("refuses the format's default hosts on quality when the language has too few voices of it", () => {
      const body = { ...valid, language: 'es-MX', quality: 'standard' };
      const error = refusal(JSON.stringify(body));
      expect(error.field).toBe('quality');
      expect(error.message).toContain(
        'The standard quality of Spanish (es-MX) has voices for at most 1 host, and a deep-dive has 2',
      );
      expect(parsePodcastRequest(JSON.stringify({ ...body, format: 'lecture' })).language).toBe(
        'es-MX',
      );
    });

    it('refuses named hosts on hosts when they outnumber the voices of the language and quality', () => {
      const hosts = [{ name: 'Ana' }, { name: 'Luis' }, { name: 'Eva' }];
      const error = refusal(JSON.stringify({ ...valid, language: 'es-ES', hosts }));
      expect(error.field).toBe('hosts');
      expect(error.message).toContain(
        'The neural quality of Spanish (es-ES) has voices for at most 2 hosts',
      );
      expect(error.message).toContain('standard (up to 3 hosts)');
    });
  });
});
