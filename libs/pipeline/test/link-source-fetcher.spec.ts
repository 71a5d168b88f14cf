import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SourceLinkError } from '../src/errors';
import { LinkSourceFetcher } from '../src/sources/link-source-fetcher';

/** A page server on 127.0.0.1: each path answers as its handler says. */
const routes: Record<string, (response: ServerResponse) => void> = {
  '/page': (response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<html><body><h1>Tides</h1><p>The Moon pulls the sea.</p></body></html>');
  },
  '/hop': (response) => {
    response.writeHead(302, { location: '/page' });
    response.end();
  },
  '/to-metadata': (response) => {
    response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
    response.end();
  },
  '/to-compatible-metadata': (response) => {
    response.writeHead(302, { location: 'http://[::169.254.169.254]/latest/meta-data/' });
    response.end();
  },
  '/to-other-port': (response) => {
    response.writeHead(302, { location: `${otherOrigin}/page` });
    response.end();
  },
  '/to-private-name': (response) => {
    response.writeHead(307, { location: 'http://intranet.test/secrets' });
    response.end();
  },
  '/loop': (response) => {
    response.writeHead(302, { location: '/loop' });
    response.end();
  },
  '/missing': (response) => {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('no');
  },
  '/declared-huge': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50_000_000) });
    response.write('a'.repeat(1000));
  },
  '/endless': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'tide '.repeat(2000);
    const timer = setInterval(() => {
      if (!response.write(chunk)) return;
    }, 1);
    response.on('close', () => clearInterval(timer));
  },
  '/silent': () => {
    // never answers
  },
  '/image': (response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  },
};

let server: Server;
let origin: string;
/** A second page server on 127.0.0.1 (another port, so another origin), serving the same pages. */
let other: Server;
let otherOrigin: string;
let bytesSent = 0;

async function listenOnLoopback(listener: Server): Promise<string> {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const original = response.write.bind(response);
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      bytesSent += Buffer.byteLength(chunk as string);
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof response.write;
    (routes[path] ?? routes['/missing'])?.(response);
  });
  origin = await listenOnLoopback(server);
  other = createServer((_request, response) => routes['/page']?.(response));
  otherOrigin = await listenOnLoopback(other);
});
afterAll(async () => {
  for (const listener of [server, other]) {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  }
});

/** Names the tests resolve: a private intranet name, `localhost`, and a name of the metadata address. */
const NAMES: Record<string, string> = {
  'intranet.test': '10.0.0.8',
  localhost: '127.0.0.1',
  'metadata.test': '169.254.169.254',
};

/**
 * The fetcher as an operator of a self-hosted run configures it: the page server's origin allowed
 * (`LUMCAST_SOURCE_ALLOWED_ORIGINS`), the test names resolving as {@link NAMES} says.
 */
function testFetcher(options: ConstructorParameters<typeof LinkSourceFetcher>[0] = {}) {
  return new LinkSourceFetcher({
    allowedOrigins: [origin],
    resolve: async (host) => {
      const address = NAMES[host];
      return address === undefined ? [] : [{ address, family: 4 }];
    },
    ...options,
  });
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SourceLinkError))
    throw new Error(`expected a SourceLinkError, got ${String(error)}`);
  return error.problem;
}

describe('LinkSourceFetcher', () => {
  it('reads a web page’s text', async () => {
    await expect(testFetcher().fetchText(`${origin}/page`)).resolves.toBe(
      'Tides\n\nThe Moon pulls the sea.',
    );
  });

  it('follows a redirect, checking the next address again', async () => {
    await expect(testFetcher().fetchText(`${origin}/hop`)).resolves.toContain('The Moon');
  });

  it('refuses loopback unless its origin is allowed: the default configuration reads only public addresses', async () => {
    expect(await problemOf(new LinkSourceFetcher().fetchText(`${origin}/page`))).toBe('not_public');
    expect(await problemOf(new LinkSourceFetcher().fetchText('http://[::1]/'))).toBe('not_public');
  });

  it('refuses a redirect to the cloud metadata address, even from an allowed origin', async () => {
    expect(await problemOf(testFetcher().fetchText(`${origin}/to-metadata`))).toBe('not_public');
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    expect(await problemOf(testFetcher().fetchText(`${origin}/to-private-name`))).toBe(
      'not_public',
    );
  });

  it('refuses a name when any of its addresses is not public, and one with no address', async () => {
    const mixed = new LinkSourceFetcher({
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
    });
    expect(await problemOf(mixed.fetchText('http://rebind.test/'))).toBe('not_public');
    const none = new LinkSourceFetcher({ resolve: async () => [] });
    expect(await problemOf(none.fetchText('http://nowhere.test/'))).toBe('not_public');
    const failing = new LinkSourceFetcher({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect(await problemOf(failing.fetchText('http://unknown.test/'))).toBe('unreachable');
  });

  it.each([
    [
      'a literal IPv4-compatible loopback',
      () => `http://[::127.0.0.1]:${new URL(origin).port}/page`,
    ],
    ['a redirect to an IPv4-compatible metadata address', () => `${origin}/to-compatible-metadata`],
    ['a name that resolves to an IPv4-compatible metadata address', () => 'http://compat.test/'],
    ['a name that resolves to a Teredo address of a private client', () => 'http://teredo.test/'],
  ])('refuses %s as not_public, even beside an allowed loopback origin', async (_what, url) => {
    const fetcher = testFetcher({
      resolve: async (host) => [
        host === 'compat.test'
          ? { address: '::a9fe:a9fe', family: 6 }
          : { address: '2001:0:4136:e378:8000:63bf:f5ff:fffe', family: 6 },
      ],
    });
    expect(await problemOf(fetcher.fetchText(url()))).toBe('not_public');
  });

  /** The origins allowed, the link, and what the fetcher does: reads it, or refuses it as not_public. */
  const localhostOrigin = () => origin.replace('127.0.0.1', 'localhost');
  const metadataOrigin = () => `http://metadata.test:${new URL(origin).port}`;
  it.each([
    ['the page', 'its allowed origin', () => [origin], () => `${origin}/page`],
    [
      'the page',
      'its allowed origin, listed with a slash',
      () => [`${origin}/`],
      () => `${origin}/page`,
    ],
    [
      'the page',
      'an allowed named origin resolving to loopback',
      () => [localhostOrigin()],
      () => `${localhostOrigin()}/page`,
    ],
    ['not_public', 'the same host on another port', () => [origin], () => `${otherOrigin}/page`],
    [
      'not_public',
      'the same host and port over https',
      () => [origin],
      () => `${origin.replace('http:', 'https:')}/page`,
    ],
    [
      'not_public',
      'another name for the same address and port',
      () => [origin],
      () => `${localhostOrigin()}/page`,
    ],
    [
      'not_public',
      'a redirect from an allowed origin to a loopback origin not allowed',
      () => [origin],
      () => `${origin}/to-other-port`,
    ],
    [
      'the page',
      'that redirect with both origins allowed',
      () => [origin, otherOrigin],
      () => `${origin}/to-other-port`,
    ],
    [
      'not_public',
      'an allowed origin whose name resolves to the metadata address',
      () => [metadataOrigin()],
      () => `${metadataOrigin()}/page`,
    ],
    [
      'not_public',
      'a redirect from an allowed origin to the metadata address',
      () => [origin],
      () => `${origin}/to-metadata`,
    ],
  ])('with origins allowed, gives %s for %s', async (expected, _what, allowed, url) => {
    const read = testFetcher({ allowedOrigins: allowed() }).fetchText(url());
    if (expected === 'the page') await expect(read).resolves.toContain('The Moon');
    else expect(await problemOf(read)).toBe(expected);
  });

  it.each([
    ['a path', (at: string) => `${at}/page`, /more than an origin/],
    ['another scheme', () => 'ftp://127.0.0.1:21', /not http or https/],
    ['no URL at all', () => '127.0.0.1:8080', /not http or https|not a URL/],
    ['the metadata address', () => 'http://169.254.169.254', /neither a loopback/],
  ])('refuses to be configured with %s as an allowed origin', (_what, entry, message) => {
    expect(() => new LinkSourceFetcher({ allowedOrigins: [entry(origin)] })).toThrow(
      expect.objectContaining({
        name: 'ConfigurationError',
        message: expect.stringMatching(message),
      }),
    );
  });

  it('connects to the address it checked, never to a second lookup’s answer', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.1', family: 4 }]];
    let lookups = 0;
    const pages = `http://pages.test:${new URL(origin).port}`;
    const fetcher = testFetcher({
      allowedOrigins: [pages],
      resolve: async () => answers[Math.min(lookups++, 1)] ?? [],
    });
    await expect(fetcher.fetchText(`${pages}/page`)).resolves.toContain('Tides');
    expect(lookups).toBe(1);
  });

  it.each([
    ['ftp://example.org/file.txt', 'bad_url'],
    ['file:///etc/passwd', 'bad_url'],
    ['http://user:secret@example.org/', 'bad_url'],
    ['not a url', 'bad_url'],
  ])('refuses %s as %s before any connection', async (url, problem) => {
    expect(await problemOf(testFetcher().fetchText(url))).toBe(problem);
  });

  it('stops after too many redirects', async () => {
    expect(await problemOf(testFetcher({ maxRedirects: 3 }).fetchText(`${origin}/loop`))).toBe(
      'too_many_redirects',
    );
  });

  it('answers an HTTP error status as http_status', async () => {
    expect(await problemOf(testFetcher().fetchText(`${origin}/missing`))).toBe('http_status');
  });

  it('refuses a declared length over the limit before reading the body', async () => {
    expect(
      await problemOf(testFetcher({ maxBytes: 10_000 }).fetchText(`${origin}/declared-huge`)),
    ).toBe('too_big');
  });

  it('stops reading a body that grows past the limit', async () => {
    const before = bytesSent;
    expect(await problemOf(testFetcher({ maxBytes: 100_000 }).fetchText(`${origin}/endless`))).toBe(
      'too_big',
    );
    // The server may have buffered some more, but the read stopped near the limit.
    expect(bytesSent - before).toBeLessThan(5_000_000);
  });

  it('gives up on a link that does not answer in time', async () => {
    expect(await problemOf(testFetcher({ timeoutMs: 300 }).fetchText(`${origin}/silent`))).toBe(
      'timeout',
    );
  });

  it('refuses a document that is not a page or text', async () => {
    expect(await problemOf(testFetcher().fetchText(`${origin}/image`))).toBe('unsupported_type');
  });
});
