/**
 * Network-level error codes (Node's `error.code`) after which a request may be sent again:
 * the connection was reset, refused, timed out or cut mid-answer.
 */
export const TRANSIENT_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_SESSION_ERROR',
  'ERR_HTTP2_GOAWAY_SESSION',
  'ERR_HTTP2_INVALID_SESSION',
  'ERR_HTTP2_STREAM_CANCEL',
]);

const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const PROGRAMMING_ERRORS = new Set(['TypeError', 'RangeError', 'SyntaxError', 'ReferenceError']);
const TRANSIENT_MESSAGES =
  /socket hang up|stream timed out|timed out|abnormally aborted|connection reset|closed before|GOAWAY|\b(?:ECONNRESET|ECONNREFUSED|ECONNABORTED|EPIPE|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b|ERR_HTTP2_(?:STREAM|SESSION|GOAWAY|INVALID_SESSION)/i;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * Whether an error thrown by an SDK `send` (not a service answer) is a transient network
 * failure or a client-side timeout worth retrying: the SDK's `TimeoutError` (its
 * `requestTimeout` cut the request), Node's network error codes, socket hang-ups and
 * aborted HTTP/2 streams, also when wrapped (the `cause` chain is followed). Programming
 * errors (`TypeError`…) are not transient. Errors are read by shape, not `instanceof`, as
 * Node's own errors may come from another realm.
 */
export function isTransientNetworkError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { name, code, message, cause } = error as ErrorLike;
  if (typeof name === 'string' && PROGRAMMING_ERRORS.has(name)) return false;
  if (typeof name === 'string' && TRANSIENT_NAMES.has(name)) return true;
  if (typeof code === 'string' && TRANSIENT_NETWORK_CODES.has(code)) return true;
  if (typeof message === 'string' && TRANSIENT_MESSAGES.test(message)) return true;
  return isTransientNetworkError(cause, depth + 1);
}

/**
 * The name to report for a transient failure: the error's `code` when it has one
 * (`ECONNRESET`), else its `name` (`TimeoutError`).
 */
export function transientErrorCode(error: unknown): string {
  const { name, code } = (error ?? {}) as ErrorLike;
  if (typeof code === 'string' && code !== '') return code;
  if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  return 'NetworkError';
}
