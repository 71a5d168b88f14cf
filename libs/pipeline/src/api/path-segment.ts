// A slash, a backslash, or a control character (C0, DEL, C1): none is ever part of an id.
// eslint-disable-next-line no-control-regex
const NOT_IN_A_SEGMENT = /[/\\\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether an id can stand as one path segment that means only itself: not empty, not `.` or
 * `..`, and without `/`, `\`, NUL or any other control character. Object keys are built from ids
 * (`sources/<userId>/<sourceId>`, `episodes/<userId>/<jobId>/…`), so an id that fails this would
 * name another folder, or none.
 */
export function isPlainPathSegment(value: string): boolean {
  return value !== '' && value !== '.' && value !== '..' && !NOT_IN_A_SEGMENT.test(value);
}

/**
 * Whether a segment captured from a request path is one plain segment ({@link isPlainPathSegment})
 * both as it came and percent-decoded: API Gateway's HTTP API hands `rawPath` over decoded and
 * the local server encoded, so `%2e%2e`, `a%2Fb` and `%00` are judged as what they decode to.
 * A segment that does not decode (a stray `%`) is not plain.
 */
export function isPlainPathCapture(raw: string): boolean {
  if (!isPlainPathSegment(raw)) return false;
  try {
    return isPlainPathSegment(decodeURIComponent(raw));
  } catch {
    return false;
  }
}
