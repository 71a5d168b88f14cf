/**
 * The languages a script can be written in, by language family (the part of a language tag
 * before the region), with the English name the prompts use. The offline writer has its own
 * copy (intro, notes, outro) for each of them.
 */
export const SCRIPT_LANGUAGE_NAMES = Object.freeze({
  en: 'English',
  es: 'Spanish',
  de: 'German',
  fr: 'French',
} as const);

/** A language family a script can be written in: `en`, `es`, `de` or `fr`. */
export type ScriptLanguageFamily = keyof typeof SCRIPT_LANGUAGE_NAMES;

/** The language of a request that names none. */
export const DEFAULT_SCRIPT_LANGUAGE = 'en-US';

/**
 * A language tag as requests carry it: a two- or three-letter lower-case language and an
 * upper-case region (`es-MX`, `de-DE`), the form Polly's language codes take.
 */
export const LANGUAGE_TAG_PATTERN = /^[a-z]{2,3}-[A-Z]{2}$/;

/**
 * The family of a language tag if scripts can be written in it, else `undefined`.
 *
 * @example
 * ```ts
 * scriptLanguageFamily('es-MX'); // 'es'
 * scriptLanguageFamily('ja-JP'); // undefined
 * ```
 */
export function scriptLanguageFamily(language: string): ScriptLanguageFamily | undefined {
  if (!LANGUAGE_TAG_PATTERN.test(language)) return undefined;
  const family = language.slice(0, language.indexOf('-'));
  return Object.hasOwn(SCRIPT_LANGUAGE_NAMES, family)
    ? (family as ScriptLanguageFamily)
    : undefined;
}

function knownFamily(language: string): ScriptLanguageFamily {
  const family = scriptLanguageFamily(language);
  if (family === undefined) throw new RangeError(`not a script language: ${language}`);
  return family;
}

/**
 * The English name of a supported language tag with its code, as prompts and messages say
 * it: `Spanish (es-MX)`. Throws a `RangeError` for a tag {@link scriptLanguageFamily} refuses
 * (requests are checked before this is called).
 *
 * @example
 * ```ts
 * scriptLanguageName('es-MX'); // 'Spanish (es-MX)'
 * ```
 */
export function scriptLanguageName(language: string): string {
  return `${SCRIPT_LANGUAGE_NAMES[knownFamily(language)]} (${language})`;
}

/**
 * The family of a request's language, `en` when it names none. Throws a `RangeError` for a
 * language {@link scriptLanguageFamily} refuses (requests are checked before this is called).
 */
export function requestLanguageFamily(request: { language?: string }): ScriptLanguageFamily {
  return knownFamily(request.language ?? DEFAULT_SCRIPT_LANGUAGE);
}
