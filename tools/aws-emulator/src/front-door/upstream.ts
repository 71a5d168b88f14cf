import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import http2, { type ClientHttp2Session } from 'node:http2';
import type { Answer } from './refusals';

/** Headers that belong to one hop and are never forwarded. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'content-length',
  'http2-settings',
]);

/**
 * The headers worth passing on to the next hop: no HTTP/2 pseudo-headers, no hop-by-hop ones.
 *
 * @example
 * ```ts
 * forwardableHeaders({ host: 'a', 'x-amz-target': 'T' }); // { 'x-amz-target': 'T' }
 * ```
 */
export function forwardableHeaders(
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(':') && !HOP_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Node's incoming headers as one lower-cased string per name (repeated ones joined by `, `).
 *
 * @example
 * ```ts
 * flatHeaders(incoming.headers)['content-type'];
 * ```
 */
export function flatHeaders(
  headers: IncomingHttpHeaders | http2.IncomingHttpHeaders,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}

/**
 * Sends a request over HTTP/1.1 (over TLS for an `https:` target) and buffers the answer; `options`
 * may name a keep-alive agent and a signal that cancels the request.
 *
 * @example
 * ```ts
 * const answer = await http1Request(new URL('/', dynamodbUrl), 'POST', headers, body);
 * ```
 */
export function http1Request(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { readonly agent?: http.Agent; readonly signal?: AbortSignal } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = (target.protocol === 'https:' ? https : http).request(
      target,
      { method, headers: { ...headers, 'content-length': String(body.length) }, ...options },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (part: Buffer) => parts.push(part));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 502,
            headers: forwardableHeaders(flatHeaders(incoming.headers)),
            body: Buffer.concat(parts),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A cleartext HTTP/2 session to one upstream, reopened when it closes.
 *
 * @example
 * ```ts
 * const polly = new Http2Upstream(pollyUrl);
 * await polly.request('POST', '/v1/speech', headers, body, signal);
 * polly.close();
 * ```
 */
export class Http2Upstream {
  private session: ClientHttp2Session | undefined;

  constructor(private readonly origin: string) {}

  private current(): ClientHttp2Session {
    if (this.session === undefined || this.session.closed || this.session.destroyed) {
      const session = http2.connect(this.origin);
      session.on('error', () => session.destroy());
      session.on('close', () => {
        if (this.session === session) this.session = undefined;
      });
      this.session = session;
    }
    return this.session;
  }

  /** Sends a request; `abandoned` fires when the caller gave up (its own timeout). */
  request(
    method: string,
    pathAndQuery: string,
    headers: Record<string, string>,
    body: Buffer,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = this.current().request({
        ':method': method,
        ':path': pathAndQuery,
        ...headers,
        'content-length': String(body.length),
      });
      const onAbandoned = () => stream.close(http2.constants.NGHTTP2_CANCEL);
      abandoned.addEventListener('abort', onAbandoned, { once: true });
      let status = 502;
      let answerHeaders: Record<string, string> = {};
      const parts: Buffer[] = [];
      stream.on('response', (incoming) => {
        status = Number(incoming[':status'] ?? 502);
        answerHeaders = forwardableHeaders(flatHeaders(incoming));
      });
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        abandoned.removeEventListener('abort', onAbandoned);
        resolve({ status, headers: answerHeaders, body: Buffer.concat(parts) });
      });
      stream.on('error', (error) => {
        abandoned.removeEventListener('abort', onAbandoned);
        reject(error);
      });
      stream.end(body);
    });
  }

  close(): void {
    this.session?.destroy();
    this.session = undefined;
  }
}
