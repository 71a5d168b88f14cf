import {
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';

/**
 * Whether a path is an object of one of the run's buckets, as path-style links name them
 * (`/<bucket>` or `/<bucket>/<key>`): the audio and caption links and the upload forms the API
 * hands out on this origin.
 */
export function bucketOfPath(pathname: string, buckets: ReadonlySet<string>): string | undefined {
  const bucket = pathname.split('/')[1];
  return bucket !== undefined && buckets.has(bucket) ? bucket : undefined;
}

/**
 * Sends one request on to a server of the engine (`target`: its HTTP API, its S3 front door) and
 * its answer back as it comes: the body is a buffer already read, or the client's stream, piped
 * both ways so an upload or a long episode never sits whole in this process.
 *
 * @returns once the answer has been sent.
 */
export function forwardRequest(
  target: string,
  outgoing: { method: string; path: string; headers: OutgoingHttpHeaders },
  body: Buffer | IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(target);
  return new Promise<void>((resolve, reject) => {
    const upstream = httpRequest({ host: url.hostname, port: url.port, ...outgoing }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('end', resolve);
      answer.on('error', reject);
    });
    upstream.on('error', reject);
    if (Buffer.isBuffer(body)) upstream.end(body);
    else body.pipe(upstream);
  });
}

/**
 * Sends a request on to the engine's S3 front door as it came: method, path, query, headers and
 * `Host` unchanged (the link's or the form's signature covers them), the body streamed. The front
 * door checks the signature, its expiry and IAM; what it answers (200, 206 for a Range, 403, 404)
 * is the answer.
 */
export function forwardToBucket(
  request: IncomingMessage,
  response: ServerResponse,
  s3Url: string,
): Promise<void> {
  const outgoing = { method: request.method ?? 'GET', path: request.url ?? '/' };
  return forwardRequest(s3Url, { ...outgoing, headers: request.headers }, request, response);
}
