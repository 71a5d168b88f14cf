import { createHash } from 'node:crypto';

/** A `<script>` element: its attributes and its text, up to the first `</script` (as HTML ends it). */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * The CSP hash sources of an HTML page's inline scripts: `sha256-<base64>` of each `<script>`
 * element's text without a `src` (its UTF-8 bytes as they stand between the tags, which is what
 * a browser hashes), each once, in page order. Next's static export inlines a few such scripts
 * (the Turbopack chunk list, the React Server Components payload); a Content-Security-Policy
 * that lists their hashes runs exactly them and no other inline script.
 *
 * @example
 * ```ts
 * inlineScriptHashes('<script>self.x=1</script><script src="/a.js"></script>');
 * // ['sha256-…'] (one: the external script needs no hash)
 * ```
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
