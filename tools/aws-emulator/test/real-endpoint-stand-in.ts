import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  verifySigV4,
  type ReceivedRequest,
  type SigningKeys,
  type VerifiedSignature,
} from '../src/front-door/sigv4-verifier';
import { flatHeaders } from '../src/front-door/upstream';

/** One request the stand-in received, with what its signature verified as (or why it did not). */
export interface StandInRequest {
  readonly request: ReceivedRequest;
  readonly signature: VerifiedSignature | { readonly refused: string };
}

/** What the stand-in answers a request with. */
export interface StandInAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * A real AWS regional endpoint's stand-in: HTTPS on loopback with a self-signed certificate
 * (`ca`, for the caller to trust), every request's SigV4 signature checked against `keys` with the
 * engine's own verifier and recorded, and answered by `answer`.
 */
export interface EndpointStandIn {
  readonly url: URL;
  readonly ca: string;
  readonly received: StandInRequest[];
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made by openssl in a throwaway folder. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'aws-emulator-stand-in-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts a stand-in for a real regional endpoint.
 *
 * @example
 * ```ts
 * const standIn = await startEndpointStandIn(keys, () => ({ status: 200, headers: {}, body: Buffer.from('{}') }));
 * await standIn.stop();
 * ```
 */
export async function startEndpointStandIn(
  keys: SigningKeys,
  answer: (request: ReceivedRequest) => StandInAnswer,
): Promise<EndpointStandIn> {
  const { key, cert } = selfSignedCertificate();
  const received: StandInRequest[] = [];
  const server = https.createServer({ key, cert }, (incoming, outgoing) => {
    const parts: Buffer[] = [];
    incoming.on('data', (part: Buffer) => parts.push(part));
    incoming.on('end', () => {
      const url = incoming.url ?? '/';
      const question = url.indexOf('?');
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        path: question === -1 ? url : url.slice(0, question),
        rawQuery: question === -1 ? '' : url.slice(question + 1),
        headers: flatHeaders(incoming.headers),
        body: Buffer.concat(parts),
      };
      verifySigV4(request, keys, new Date()).then(
        (signature) => {
          received.push({ request, signature });
          const answered = answer(request);
          outgoing.writeHead(answered.status, answered.headers);
          outgoing.end(answered.body);
        },
        (error: unknown) => {
          received.push({ request, signature: { refused: (error as Error).message } });
          outgoing.writeHead(403, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ message: 'The stand-in refused the signature' }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ca: cert,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
