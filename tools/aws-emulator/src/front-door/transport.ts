import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import { LocalServiceStartError } from '../errors';
import type { Answer } from './refusals';
import type { FrontDoorService } from './service-call';
import type { ReceivedRequest } from './sigv4-verifier';
import { flatHeaders } from './upstream';

/** The largest body a front door reads; a bigger one is cut (and a POST upload refused). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The services whose SDK clients speak HTTP/2 by default (NodeHttp2Handler). */
const HTTP2_SERVICES: ReadonlySet<FrontDoorService> = new Set(['polly', 'bedrock-runtime']);

/**
 * Answers one received request; `abandoned` fires when the client went away first, and
 * `receivedBytes` is the body's size as sent (the body itself is cut at {@link MAX_BODY_BYTES}).
 *
 * @example
 * ```ts
 * const answer: AnswerRequest = async (request) => ({ status: 200, headers: {}, body: request.body });
 * ```
 */
export type AnswerRequest = (
  request: ReceivedRequest,
  abandoned: AbortSignal,
  receivedBytes: number,
) => Promise<Answer>;

/**
 * One listening front door.
 *
 * @example
 * ```ts
 * const door = await listenFrontDoor('s3', answer);
 * await door.close();
 * ```
 */
export interface ListeningFrontDoor {
  readonly url: string;
  close(): Promise<void>;
}

function received(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): ReceivedRequest {
  const question = url.indexOf('?');
  return {
    method,
    path: question === -1 ? url : url.slice(0, question),
    rawQuery: question === -1 ? '' : url.slice(question + 1),
    headers: { ...headers, host: headers['host'] ?? headers[':authority'] ?? '' },
    body,
  };
}

/** A signal that fires when `closed` closes before `finished()` says the answer went out. */
function abandonOn(
  closed: { once(event: 'close', listener: () => void): void },
  finished: () => boolean,
): AbortSignal {
  const controller = new AbortController();
  closed.once('close', () => {
    if (!finished()) controller.abort();
  });
  return controller.signal;
}

/** A body reader that keeps at most {@link MAX_BODY_BYTES} and counts every byte. */
function bodyReader() {
  const parts: Buffer[] = [];
  let size = 0;
  return {
    add(part: Buffer) {
      size += part.length;
      if (size <= MAX_BODY_BYTES) parts.push(part);
    },
    body: () => Buffer.concat(parts),
    size: () => size,
  };
}

function http2Server(answer: AnswerRequest, sessions: Set<http2.ServerHttp2Session>): Server {
  const h2 = http2.createServer();
  h2.on('stream', (stream, headers) => {
    const reader = bodyReader();
    let done = false;
    const signal = abandonOn(stream, () => done);
    stream.on('data', (part: Buffer) => reader.add(part));
    stream.on('error', () => undefined);
    stream.on('end', () => {
      const flat = flatHeaders(headers);
      const body = reader.body();
      void answer(
        received(flat[':method'] ?? 'GET', flat[':path'] ?? '/', flat, body),
        signal,
        body.length,
      ).then((answered) => {
        done = true;
        if (stream.destroyed || stream.closed) return;
        stream.respond({
          ':status': answered.status,
          ...answered.headers,
          'content-length': answered.body.length,
        });
        stream.end(answered.body);
      });
    });
  });
  h2.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => session.destroy());
    session.on('close', () => sessions.delete(session));
  });
  return h2;
}

function http1Server(answer: AnswerRequest): Server {
  const server = http.createServer((incoming, outgoing) => {
    const reader = bodyReader();
    let done = false;
    const signal = abandonOn(outgoing, () => done);
    incoming.on('data', (part: Buffer) => reader.add(part));
    incoming.on('end', () => {
      void answer(
        received(
          incoming.method ?? 'GET',
          incoming.url ?? '/',
          flatHeaders(incoming.headers),
          reader.body(),
        ),
        signal,
        reader.size(),
      ).then((answered) => {
        done = true;
        if (outgoing.destroyed) return;
        outgoing.writeHead(answered.status, {
          ...answered.headers,
          'content-length': answered.body.length,
        });
        outgoing.end(answered.body);
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/**
 * Opens one service's front door on a free loopback port: cleartext HTTP/2 for the services whose
 * SDK clients speak it (Polly, Bedrock Runtime), HTTP/1.1 with keep-alive for the others.
 *
 * @throws LocalServiceStartError when the port cannot be opened.
 * @example
 * ```ts
 * const door = await listenFrontDoor('dynamodb', (request, abandoned) => answerOne('dynamodb', request, abandoned));
 * ```
 */
export async function listenFrontDoor(
  service: FrontDoorService,
  answer: AnswerRequest,
): Promise<ListeningFrontDoor> {
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = HTTP2_SERVICES.has(service) ? http2Server(answer, sessions) : http1Server(answer);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (cause) {
    throw new LocalServiceStartError(`The ${service} front door did not start`, { cause });
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const session of sessions) session.destroy();
      return new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
