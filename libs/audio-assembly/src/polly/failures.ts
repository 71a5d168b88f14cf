/** Polly errors that will fail the same way on retry. */
const REJECTIONS = new Set([
  'TextLengthExceededException',
  'InvalidSampleRateException',
  'EngineNotSupportedException',
  'LanguageNotSupportedException',
  'InvalidSsmlException',
  'LexiconNotFoundException',
  'MarksNotSupportedForFormatException',
  'SsmlMarksNotSupportedForTextTypeException',
  'ServiceQuotaExceededException',
  'ValidationException',
]);

const THROTTLES = new Set(['ThrottlingException', 'TooManyRequestsException', 'Throttling']);

/** Error names of service-side failures and timeouts (the SDK's and Node's). */
const TRANSIENT_NAMES = new Set([
  'ServiceFailureException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalFailure',
  'InternalServerError',
  'InternalServerException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

/** Node / undici / HTTP/2 error codes of a connection that broke or never came up. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_SESSION_ERROR',
  'ERR_HTTP2_GOAWAY_SESSION',
  'ERR_HTTP2_STREAM_CANCEL',
  'ERR_HTTP2_INVALID_SESSION',
  'ERR_HTTP2_ERROR',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
]);

/**
 * What to do with a failed Polly call: retry it (`throttled`, `transient`), give up at once
 * (`rejected`: it would fail the same way again) or rethrow it (`unknown`).
 */
export type PollyFailure = 'throttled' | 'transient' | 'rejected' | 'unknown';

interface SdkLikeError {
  name?: string;
  code?: string;
  message?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * Sorts a failure of `send` (or of reading the audio stream) into what to do with it, by
 * shape (name, code, HTTP status, `$fault`, message), not `instanceof`: throttling (a
 * throttling name or HTTP 429), a permanent rejection, a transient service-side or network
 * failure (5xx, `$fault: 'server'`, network codes, socket hang-ups, timeouts), or unknown.
 */
export function classifyPollyFailure(error: unknown): PollyFailure {
  const e = (error ?? {}) as SdkLikeError;
  const status = e.$metadata?.httpStatusCode;
  if ((e.name && THROTTLES.has(e.name)) || status === 429) return 'throttled';
  if (e.name && REJECTIONS.has(e.name)) return 'rejected';
  if (e.name && TRANSIENT_NAMES.has(e.name)) return 'transient';
  if (typeof status === 'number' && status >= 500) return 'transient';
  if (e.$fault === 'server') return 'transient';
  if (e.code && NETWORK_CODES.has(e.code)) return 'transient';
  if (
    typeof e.message === 'string' &&
    /socket hang up|stream closed|premature close/i.test(e.message)
  )
    return 'transient';
  return 'unknown';
}
