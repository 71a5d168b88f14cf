import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import {
  verifySigV4,
  type ReceivedRequest,
  type SigningKeys,
  type VerifiedSignature,
} from '@lumcast/aws-emulator';

/** One request the relay received: its path and what its signature verified as (or why not). */
export interface RelayedRequest {
  readonly path: string;
  readonly signature: VerifiedSignature | { readonly refused: string };
}

/**
 * A stand-in for the real Polly and Bedrock Runtime regional endpoints: it verifies each request's
 * SigV4 signature against the "user's" keys (the engine's own verifier), records it, and answers it
 * with the engine's fakes (`setFakes`), so a whole episode can run through it.
 */
export interface RegionalEndpointRelay {
  readonly url: URL;
  readonly received: RelayedRequest[];
  /** Where the verified requests are answered: the fake Polly's and fake Bedrock's URLs. */
  setFakes(fakes: { polly: string; bedrock: string }): void;
  stop(): Promise<void>;
}

/** Headers that belong to the hop or to the user's signature, not to the service. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'content-length']);

/** Sends one request to a cleartext HTTP/2 server (the fakes) and buffers the answer. */
function askFake(
  origin: string,
  request: ReceivedRequest,
): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin);
    session.on('error', reject);
    const headers: http2.OutgoingHttpHeaders = {
      ':method': request.method,
      ':path': request.rawQuery === '' ? request.path : `${request.path}?${request.rawQuery}`,
    };
    for (const [name, value] of Object.entries(request.headers))
      if (!NOT_FORWARDED.has(name)) headers[name] = value;
    const stream = session.request(headers);
    const parts: Buffer[] = [];
    let status = 502;
    const answered: http.OutgoingHttpHeaders = {};
    stream.on('response', (incoming) => {
      status = Number(incoming[':status']);
      for (const [name, value] of Object.entries(incoming))
        if (!name.startsWith(':') && name !== 'content-length') answered[name] = value;
    });
    stream.on('data', (part: Buffer) => parts.push(part));
    stream.on('end', () => {
      session.close();
      resolve({ status, headers: answered, body: Buffer.concat(parts) });
    });
    stream.on('error', reject);
    stream.end(request.body);
  });
}

/**
 * Starts the relay on loopback (HTTP/1.1, as the engine forwards to a real endpoint).
 *
 * @example
 * ```ts
 * const relay = await startRegionalEndpointRelay(keys);
 * relay.setFakes({ polly: deployed.polly.url, bedrock: deployed.bedrock.url });
 * ```
 */
export async function startRegionalEndpointRelay(
  keys: SigningKeys,
): Promise<RegionalEndpointRelay> {
  const received: RelayedRequest[] = [];
  let fakes: { polly: string; bedrock: string } | undefined;
  const server = http.createServer((incoming, outgoing) => {
    const parts: Buffer[] = [];
    incoming.on('data', (part: Buffer) => parts.push(part));
    incoming.on('end', () => {
      const url = incoming.url ?? '/';
      const question = url.indexOf('?');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        path: question === -1 ? url : url.slice(0, question),
        rawQuery: question === -1 ? '' : url.slice(question + 1),
        headers,
        body: Buffer.concat(parts),
      };
      const answer = (status: number, body: Buffer, headers: http.OutgoingHttpHeaders) => {
        outgoing.writeHead(status, headers);
        outgoing.end(body);
      };
      verifySigV4(request, keys, new Date()).then(
        (signature) => {
          received.push({ path: request.path, signature });
          const fake = request.path.startsWith('/model/') ? fakes?.bedrock : fakes?.polly;
          if (fake === undefined) return answer(502, Buffer.from('no fakes yet'), {});
          askFake(fake, request).then(
            (answered) => answer(answered.status, answered.body, answered.headers),
            (error: unknown) => answer(502, Buffer.from(String(error)), {}),
          );
        },
        (error: unknown) => {
          received.push({ path: request.path, signature: { refused: String(error) } });
          answer(403, Buffer.from(JSON.stringify({ message: String(error) })), {
            'content-type': 'application/json',
          });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    received,
    setFakes: (given) => {
      fakes = given;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
