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
let bytesSent = 0;

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The fetcher as tests configure it: loopback allowed, `intranet.test` resolving privately. */
function testFetcher(options: ConstructorParameters<typeof LinkSourceFetcher>[0] = {}) {
  return new LinkSourceFetcher({
    allowLoopback: true,
    resolve: async (host) => (host === 'intranet.test' ? [{ address: '10.0.0.8', family: 4 }] : []),
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

  it('refuses loopback unless a test allows it: the default configuration reads only public addresses', async () => {
    expect(await problemOf(new LinkSourceFetcher().fetchText(`${origin}/page`))).toBe('not_public');
    expect(await problemOf(new LinkSourceFetcher().fetchText('http://[::1]/'))).toBe('not_public');
  });

  it('refuses a redirect to the cloud metadata address, even with loopback allowed', async () => {
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
  ])('refuses %s as not_public, even with loopback allowed', async (_what, url) => {
    const fetcher = testFetcher({
      resolve: async (host) => [
        host === 'compat.test'
          ? { address: '::a9fe:a9fe', family: 6 }
          : { address: '2001:0:4136:e378:8000:63bf:f5ff:fffe', family: 6 },
      ],
    });
    expect(await problemOf(fetcher.fetchText(url()))).toBe('not_public');
  });

  it('connects to the address it checked, never to a second lookup’s answer', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.1', family: 4 }]];
    let lookups = 0;
    const fetcher = testFetcher({
      resolve: async () => answers[Math.min(lookups++, 1)] ?? [],
    });
    const port = new URL(origin).port;
    await expect(fetcher.fetchText(`http://pages.test:${port}/page`)).resolves.toContain('Tides');
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
