import { lookup as resolveHost, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { SourceLinkError } from '../errors';
import type { SourceFetcher } from '../ports/source-fetcher';
import { allowedOriginsFrom } from './allowed-origins';
import { isIpAddress, isPrivateNetworkAddress, isPublicAddress } from './public-address';
import { sourceUrlProblem } from './source-url';

/** The most bytes a source link may answer (10 MB, as an uploaded source); the read stops there. */
export const SOURCE_LINK_MAX_BYTES = 10 * 1024 * 1024;

/** How long reading a source link may take, redirects included (15 s). */
export const SOURCE_LINK_TIMEOUT_MS = 15_000;

/** How many redirects a source link may follow (each one checked again). */
export const SOURCE_LINK_MAX_REDIRECTS = 5;

/** Resolves a host name to every address it has (`dns.lookup` with `all`), for tests to replace. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

/** Options of {@link LinkSourceFetcher}. */
export interface LinkSourceFetcherOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: HostResolver;
  /**
   * Exact origins (`scheme://host:port`) that may also resolve to loopback or private addresses:
   * an operator's `LUMCAST_SOURCE_ALLOWED_ORIGINS`. None by default.
   *
   * @throws ConfigurationError (from the constructor) for an entry that is not an origin.
   */
  allowedOrigins?: readonly string[];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Reads a source link as text, guarded against server-side request forgery: only `http:` and
 * `https:` URLs without credentials; the host's addresses are resolved first and every one must
 * be public ({@link isPublicAddress}: no loopback, private, link-local/metadata, CGNAT,
 * unspecified, site-local or reserved space, nor an IPv6 form carrying such an IPv4), except that
 * a link whose origin (scheme, host and port) is one of `allowedOrigins` may also resolve to
 * loopback or private space ({@link isPrivateNetworkAddress}; never link-local, so never the
 * metadata endpoint); the connection is made to the checked address itself (no second lookup, so
 * DNS rebinding cannot swap it); each redirect is checked again from the start, at most
 * {@link SOURCE_LINK_MAX_REDIRECTS}; the body is read to {@link SOURCE_LINK_MAX_BYTES} at most
 * (a larger `Content-Length` is refused before reading) and the whole read ends after
 * {@link SOURCE_LINK_TIMEOUT_MS}. The text comes from `extractSourceText`, loaded on first use.
 *
 * @throws SourceLinkError naming the problem; nothing else (network errors become `unreachable`).
 * @example
 * ```ts
 * const sources = new LinkSourceFetcher();
 * const text = await sources.fetchText('https://en.wikipedia.org/wiki/Tide');
 * ```
 */
export class LinkSourceFetcher implements SourceFetcher {
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly resolve: HostResolver;
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(options: LinkSourceFetcherOptions = {}) {
    this.maxBytes = options.maxBytes ?? SOURCE_LINK_MAX_BYTES;
    this.timeoutMs = options.timeoutMs ?? SOURCE_LINK_TIMEOUT_MS;
    this.maxRedirects = options.maxRedirects ?? SOURCE_LINK_MAX_REDIRECTS;
    this.resolve = options.resolve ?? resolveAll;
    this.allowedOrigins = allowedOriginsFrom(options.allowedOrigins ?? []);
  }

  async fetchText(url: string): Promise<string> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let link = parseLink(url);
    for (let hop = 0; hop <= this.maxRedirects; hop += 1) {
      const address = await this.checkedAddress(link);
      const response = await this.get(link, address, deadline);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new SourceLinkError('http_status', `HTTP ${status} with no Location`);
        link = parseLink(new URL(location, link).href);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new SourceLinkError('http_status', `The link answered HTTP ${status}.`);
      }
      const bytes = await this.readBody(response, deadline);
      // Loaded on first use: the HTML, Markdown and PDF readers are most of the write-script
      // bundle, and most episodes have no source link.
      const { extractSourceText } = await import('./source-text-extraction');
      return extractSourceText(bytes, response.headers['content-type']);
    }
    throw new SourceLinkError(
      'too_many_redirects',
      `The link redirected more than ${this.maxRedirects} times.`,
    );
  }

  /** The address to connect to: the first of the host's addresses, once all are allowed. */
  private async checkedAddress(link: URL): Promise<LookupAddress> {
    const host = link.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: LookupAddress[];
    if (isIpAddress(host)) {
      addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    } else {
      try {
        addresses = await this.resolve(host);
      } catch (error) {
        throw new SourceLinkError('unreachable', `${host} does not resolve.`, { cause: error });
      }
    }
    // Each hop (a redirect too) is judged by its own origin.
    const privateAllowed = this.allowedOrigins.has(link.origin);
    const refused = addresses.find(
      ({ address }) =>
        !(isPublicAddress(address) || (privateAllowed && isPrivateNetworkAddress(address))),
    );
    if (addresses.length === 0 || refused) {
      throw new SourceLinkError(
        'not_public',
        `${host} is not a public address${refused ? ` (${refused.address})` : ''}.`,
      );
    }
    return addresses[0] as LookupAddress;
  }

  private get(link: URL, address: LookupAddress, signal: AbortSignal): Promise<IncomingMessage> {
    const client = link.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(link, {
        method: 'GET',
        agent: false,
        signal,
        headers: {
          accept: 'text/html, application/xhtml+xml, text/markdown, text/plain;q=0.9, */*;q=0.1',
          'user-agent': 'LumcastSourceReader/1.0 (+https://lumcast.example)',
        },
        // Connect to the address checked above, never to a second lookup's answer.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [
              address,
            ]);
          } else callback(null, address.address, address.family);
        },
      });
      request.on('response', resolve);
      request.on('error', (error) => reject(networkFailure(error, signal)));
      request.end();
    });
  }

  private async readBody(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      response.destroy();
      throw tooBig(this.maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response) {
        size += (chunk as Buffer).length;
        if (size > this.maxBytes) {
          response.destroy();
          throw tooBig(this.maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw error instanceof SourceLinkError ? error : networkFailure(error, signal);
    }
    return Buffer.concat(chunks);
  }
}

/** The link as a URL, by the same rule the API applied to the request (redirects included). */
function parseLink(url: string): URL {
  const problem = sourceUrlProblem(url);
  if (problem !== undefined) throw new SourceLinkError('bad_url', `The source link ${problem}.`);
  return new URL(url.trim());
}

function tooBig(maxBytes: number): SourceLinkError {
  return new SourceLinkError('too_big', `The link is larger than ${maxBytes} bytes.`);
}

function networkFailure(error: unknown, signal: AbortSignal): SourceLinkError {
  if (signal.aborted) {
    return new SourceLinkError('timeout', 'The link took too long to answer.', { cause: error });
  }
  return new SourceLinkError('unreachable', 'The link could not be reached.', { cause: error });
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    resolveHost(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}
