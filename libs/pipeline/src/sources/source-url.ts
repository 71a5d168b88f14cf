/** Longest accepted source link, in characters. */
export const SOURCE_URL_MAX_CHARS = 2048;

/**
 * What is wrong with a source link as typed (trimmed), as the end of a sentence starting with
 * its name, or undefined when it is an absolute http(s) URL without credentials of at most
 * {@link SOURCE_URL_MAX_CHARS}. The API and the dashboard's form share this rule; whether the
 * address is public is checked only when the pipeline reads it, after DNS resolution.
 *
 * @example
 * ```ts
 * sourceUrlProblem('https://example.org/tides'); // undefined
 * sourceUrlProblem('example.org'); // 'must be an absolute URL such as https://example.com/article'
 * ```
 */
export function sourceUrlProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'must be a URL';
  if (trimmed.length > SOURCE_URL_MAX_CHARS) {
    return `must be at most ${SOURCE_URL_MAX_CHARS} characters`;
  }
  let link: URL;
  try {
    link = new URL(trimmed);
  } catch {
    return 'must be an absolute URL such as https://example.com/article';
  }
  if (link.protocol !== 'https:' && link.protocol !== 'http:') return 'must be http or https';
  if (link.username !== '' || link.password !== '') {
    return 'must not carry a user name or password';
  }
  return undefined;
}
