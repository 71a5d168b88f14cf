import { ApiError, ResponseShapeError, UploadError } from './errors';

// How the client reads an answer: its JSON, an error body as an ApiError, an upload refusal's words.

/** The JSON of an answer (undefined when empty); a 2xx that is not JSON is a ResponseShapeError. */
export async function readJson(response: Response, where: string): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    if (!response.ok) return undefined;
    throw new ResponseShapeError(`${where}: the answer is not JSON`, { cause });
  }
}

/** The words of an upload refusal: S3's XML `<Message>`, the local server's JSON, or the status. */
export function uploadRefusal(status: number, text: string): UploadError {
  const xmlMessage = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  const xmlCode = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  let json: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    json = undefined;
  }
  const message =
    typeof json?.error?.message === 'string' ? json.error.message : (xmlMessage ?? '');
  const code =
    typeof json?.error?.code === 'string' ? json.error.code : (xmlCode ?? `http_${status}`);
  const sentence =
    status === 413 || code === 'EntityTooLarge' || code === 'too_big'
      ? 'The file is over the 10 MB limit.'
      : `The file could not be uploaded (HTTP ${status}${message ? `: ${message}` : ''}).`;
  return new UploadError(sentence, { status, code });
}

/** An error answer as an ApiError: its body's `code`, `message`, `field` and other details. */
export function toApiError(status: number, body: unknown, where: string): ApiError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: unknown }).error
      : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, field, ...details } = error as Record<string, unknown>;
    return new ApiError(typeof message === 'string' ? message : `${where} failed (${status})`, {
      status,
      code: typeof code === 'string' ? code : `http_${status}`,
      field: typeof field === 'string' ? field : undefined,
      details,
    });
  }
  const fallback =
    status === 401 ? 'You are not signed in.' : status === 404 ? 'Not found.' : `${where} failed`;
  return new ApiError(`${fallback} (HTTP ${status})`, { status, code: `http_${status}` });
}
