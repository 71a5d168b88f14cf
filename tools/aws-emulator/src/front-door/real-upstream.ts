import http from 'node:http';
import https from 'node:https';
import { AwsServiceError, RealServiceCredentialsError } from '../errors';
import { SIGNING_NAMES } from './authorize';
import type { RealServiceName, RealServices, RealUpstream } from './real-services';
import type { Answer } from './refusals';
import { resignFor } from './resign';
import type { ReceivedRequest } from './sigv4-verifier';
import { forwardableHeaders, http1Request } from './upstream';

/** Headers of the function's own signature: replaced by the re-signed request's. */
const SIGNATURE_HEADERS = new Set([
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
]);

const LABELS: Readonly<Record<RealServiceName, string>> = {
  polly: 'Polly',
  'bedrock-runtime': 'Bedrock Runtime',
};

/** Loads one upstream's credentials, naming the service and endpoint when they cannot be. */
async function credentialsOf(service: RealServiceName, upstream: RealUpstream) {
  try {
    return await upstream.credentials();
  } catch (cause) {
    throw new RealServiceCredentialsError(
      `${LABELS[service]} calls go to ${upstream.endpoint.origin}, but no AWS credentials to sign ` +
        `them could be loaded: ${(cause as Error).message}`,
      { cause },
    );
  }
}

/**
 * Loads the credentials of every real service once, so a run that cannot sign for them refuses to
 * start instead of failing at its first call.
 *
 * @throws RealServiceCredentialsError naming the service, its endpoint and why.
 * @example
 * ```ts
 * await checkRealServices({ polly }); // throws when no credentials can be loaded
 * ```
 */
export async function checkRealServices(real: RealServices): Promise<void> {
  for (const [service, upstream] of Object.entries(real) as [RealServiceName, RealUpstream][])
    await credentialsOf(service, upstream);
}

/**
 * Forwards authorized Polly and Bedrock Runtime calls to the real services: the request as the
 * function sent it (method, path, query, body and the service's headers), its signature replaced by
 * one made with the upstream's credentials for the upstream's region, over HTTPS/1.1 with
 * keep-alive; the answer comes back as the service gave it.
 *
 * @example
 * ```ts
 * const real = new RealServiceForwarder({ polly });
 * if (real.serves('polly')) await real.forward('polly', request, abandoned);
 * real.close();
 * ```
 */
export class RealServiceForwarder {
  private readonly agents = new Map<RealServiceName, http.Agent>();

  constructor(private readonly real: RealServices) {
    for (const [service, upstream] of Object.entries(real) as [RealServiceName, RealUpstream][])
      this.agents.set(
        service,
        upstream.endpoint.protocol === 'https:'
          ? new https.Agent({ keepAlive: true, ...(upstream.ca ? { ca: upstream.ca } : {}) })
          : new http.Agent({ keepAlive: true }),
      );
  }

  /** Whether this service's calls go to the real AWS. */
  serves(service: string): service is RealServiceName {
    return this.real[service as RealServiceName] !== undefined;
  }

  /**
   * Re-signs one authorized request and sends it to the real service.
   *
   * @throws AwsServiceError (`UnrecognizedClientException`) when the credentials cannot be loaded.
   * @throws AwsServiceError (`ServiceUnavailableException`) when the endpoint cannot be reached.
   */
  async forward(
    service: RealServiceName,
    request: ReceivedRequest,
    abandoned: AbortSignal,
  ): Promise<Answer> {
    const upstream = this.real[service] as RealUpstream;
    let credentials;
    try {
      credentials = await credentialsOf(service, upstream);
    } catch (error) {
      throw new AwsServiceError('UnrecognizedClientException', (error as Error).message, {
        cause: error,
      });
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(forwardableHeaders(request.headers)))
      if (!SIGNATURE_HEADERS.has(name)) headers[name] = value;
    const signed = await resignFor(
      { service: SIGNING_NAMES[service], region: upstream.region, credentials },
      upstream.endpoint,
      { method: request.method, path: request.path, rawQuery: request.rawQuery, headers },
      request.body,
    );
    try {
      const target = new URL(
        `${upstream.endpoint.origin}${request.path}${request.rawQuery === '' ? '' : `?${request.rawQuery}`}`,
      );
      return await http1Request(target, request.method, signed, request.body, {
        agent: this.agents.get(service) as http.Agent,
        signal: abandoned,
      });
    } catch (cause) {
      if (abandoned.aborted) throw cause;
      throw new AwsServiceError(
        'ServiceUnavailableException',
        `${LABELS[service]} at ${upstream.endpoint.origin} could not be reached: ${(cause as Error).message}`,
        { cause },
      );
    }
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
