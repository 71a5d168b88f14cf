import type { IncomingMessage } from 'node:http';

/** Largest request body the local server accepts (API Gateway's payload limit is 10 MB). */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * A request body over {@link MAX_BODY_BYTES}, found as soon as the limit is passed (or from
 * `Content-Length` before any of it is read): the rest is never read, so the server should
 * answer 413 and close the connection.
 */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';

  constructor(readonly limit: number) {
    super(`Request bodies are limited to ${limit} bytes`);
  }
}

/**
 * Reads a request body of at most `limit` bytes. A `Content-Length` over the limit is refused
 * before reading anything; a body that grows past it (chunked, or lying about its length) is
 * refused at the chunk that passes it. Either way reading stops there: the request is paused and
 * its listeners removed, so a body that never ends costs nothing more.
 *
 * @throws PayloadTooLargeError past the limit.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(new PayloadTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        request.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}
