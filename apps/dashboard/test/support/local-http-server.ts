import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 with a scripted handler; every request is recorded.
 * `fetchRelative` resolves the relative URLs the dashboard uses against it, as a
 * browser resolves them against the page's origin.
 */
export async function startLocalHttpServer(
  handle: (request: RecordedRequest, response: ServerResponse) => void,
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handle(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetchRelative: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);
  return {
    origin,
    requests,
    fetchRelative,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes a JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
