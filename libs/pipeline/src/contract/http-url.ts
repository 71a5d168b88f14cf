import * as z from '../config/zod-mini';

/** Whether `value` parses as an absolute http: or https: URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL (`is not an absolute http(s) URL` otherwise). */
export const httpUrlSchema = z
  .string()
  .check(z.refine(isHttpUrl, 'is not an absolute http(s) URL'));

/** An absolute http(s) URL, or a path on the same origin (`/…`). */
export const httpUrlOrPathSchema = z
  .string()
  .check(
    z.refine(
      (value) => isHttpUrl(value) || value.startsWith('/'),
      'is neither an http(s) URL nor a path',
    ),
  );
