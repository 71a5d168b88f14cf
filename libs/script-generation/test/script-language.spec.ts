import {
  DEFAULT_SCRIPT_LANGUAGE,
  SCRIPT_LANGUAGE_NAMES,
  requestLanguageFamily,
  scriptLanguageFamily,
  scriptLanguageName,
} from '../src/script/language';
import { parseScriptRequest } from '../src/script/request';
import { requestRefusal } from './support/request-refusal';

const VALID = { topic: 'Tides', minutes: 5, quality: 'neural' };

describe('scriptLanguageFamily', () => {
  it.each([
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['es-MX', 'es'],
    ['de-DE', 'de'],
    ['fr-BE', 'fr'],
  ])('gives %s the family %s', (language, family) => {
    expect(scriptLanguageFamily(language)).toBe(family);
  });

  it.each(['ja-JP', 'pt-BR', 'es', 'ES-mx', 'es_MX', 'english', 'constructor-XX', ''])(
    'refuses %p, which is not a supported language tag',
    (language) => {
      expect(scriptLanguageFamily(language)).toBeUndefined();
    },
  );
});

describe('scriptLanguageName', () => {
  it('names a language in English with its code', () => {
    expect(scriptLanguageName('es-MX')).toBe('Spanish (es-MX)');
    expect(scriptLanguageName('de-DE')).toBe('German (de-DE)');
  });

  it('throws a RangeError for a language scripts are not written in', () => {
    expect(() => scriptLanguageName('ja-JP')).toThrow(RangeError);
  });
});

describe('requestLanguageFamily', () => {
  it('is English for a request that names no language', () => {
    expect(DEFAULT_SCRIPT_LANGUAGE).toBe('en-US');
    expect(requestLanguageFamily({})).toBe('en');
  });

  it("is the family of the request's language", () => {
    expect(requestLanguageFamily({ language: 'fr-FR' })).toBe('fr');
  });
});

describe('the language of a script request', () => {
  it('is kept as given when its family is supported', () => {
    expect(parseScriptRequest({ ...VALID, language: 'es-MX' }).language).toBe('es-MX');
  });

  it('is absent when the request names none', () => {
    expect(parseScriptRequest(VALID)).not.toHaveProperty('language');
  });

  it('is refused, on the field language, when it is not a language tag', () => {
    const error = requestRefusal({ ...VALID, language: 'spanish' });
    expect(error.field).toBe('language');
    expect(error.message).toBe(
      'language must be a language tag such as en-US or es-MX (got "spanish")',
    );
  });

  it('is refused, naming the languages scripts are written in, when its family is not one', () => {
    const error = requestRefusal({ ...VALID, language: 'ja-JP' });
    expect(error.field).toBe('language');
    for (const name of Object.values(SCRIPT_LANGUAGE_NAMES)) expect(error.message).toContain(name);
    expect(error.message).toContain('"ja-JP"');
  });

  it('is refused when it is not a string', () => {
    expect(requestRefusal({ ...VALID, language: 7 }).message).toBe('language must be a string');
  });
});
