/**
 * The local stack is safe to leave running: loopback only, a foreign `Host` refused before any
 * identity handling, a 32-byte link key or no start, no static file served from outside the
 * dashboard folder, private data files, and no body read past its limit. Against the real
 * local stack on DynamoDB Local, through raw HTTP where `fetch` would hide the wire.
 */
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { MAX_BODY_BYTES } from '../request-body';
import { hostHeaderCheck, isLoopbackHost } from '../host-check';
import { readLocalConfig } from '../local-config';
import { LINK_SECRET_FILE, LinkSecretError } from '../link-secret';
import type { LocalStack } from './support';
import { linkSignedWithEmptyKey, REFUSED_LINK_CONTENT_TYPE } from './episode-link-forms';
import {
  callApi,
  makeEpisode,
  objectsFolder,
  SHORT_SOURCE,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(120_000);

const episode = { topic: 'Tides', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };

interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Reads a whole answer. */
function readAnswer(response: IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    response.on('error', reject);
  });
}

/** A request with exactly the headers given (including `Host`), through node:http. */
function rawRequest(
  stack: LocalStack,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: stack.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => readAnswer(response).then(resolve, reject),
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const hostOf = (stack: LocalStack, name = 'localhost') => `${name}:${stack.port}`;

function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}

/** Every folder and file under `dir`, with its mode. */
function modesUnder(dir: string): { folders: number[]; files: number[] } {
  const found = { folders: [] as number[], files: [] as number[] };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) found.folders.push(modeOf(full));
    else if (entry.isFile()) found.files.push(modeOf(full));
  }
  return found;
}

describe('the hardened local stack', () => {
  const data = temporaryDataDir();
  const dashboardDir = path.join(data.dir, 'out');
  let stack: LocalStack;

  beforeAll(async () => {
    // A dashboard export with links pointing out of it: to /etc/passwd, and to a sibling folder
    // whose name starts with the export's own (only a check with a separator tells them apart).
    mkdirSync(dashboardDir);
    writeFileSync(path.join(dashboardDir, 'index.html'), '<h1>Lumcast</h1>');
    writeFileSync(path.join(dashboardDir, '404.html'), '<h1>No such page</h1>');
    symlinkSync('/etc/passwd', path.join(dashboardDir, 'passwd'));
    mkdirSync(`${dashboardDir}-old`);
    writeFileSync(path.join(`${dashboardDir}-old`, 'secret.html'), 'sibling secret');
    symlinkSync(`${dashboardDir}-old`, path.join(dashboardDir, 'old'));
    symlinkSync('index.html', path.join(dashboardDir, 'home.html'));
    // A data folder made before modes were set: it is made private at start.
    chmodSync(data.dir, 0o755);
    stack = await startTestStack({
      dataDir: data.dir,
      dashboardDir,
      tones: new ToneSynthesizer(),
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  describe('binding and Host', () => {
    it('binds to 127.0.0.1 unless HOST says otherwise', () => {
      expect(stack.address).toBe('127.0.0.1');
      expect(readLocalConfig({}).host).toBe('127.0.0.1');
      expect(readLocalConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
      expect(() => readLocalConfig({ HOST: 'a b' })).toThrow(/HOST/);
    });

    it('answers localhost, 127.0.0.1 and [::1] on its own port', async () => {
      for (const name of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST']) {
        const answer = await rawRequest(stack, {
          path: '/config.json',
          headers: { host: hostOf(stack, name) },
        });
        expect(answer.status).toBe(200);
      }
    });

    it.each([
      ['another name', (stack: LocalStack) => `rebound.example:${stack.port}`],
      ['another port', (stack: LocalStack) => `localhost:${stack.port + 1}`],
      ['no port', () => 'localhost'],
      ['a LAN address', (stack: LocalStack) => `192.168.1.20:${stack.port}`],
      ['a name ending in localhost', (stack: LocalStack) => `evil.localhost.example:${stack.port}`],
    ])('refuses a Host with %s with 421 and a JSON error', async (_name, host) => {
      const answer = await rawRequest(stack, {
        path: '/config.json',
        headers: { host: host(stack) },
      });
      expect(answer.status).toBe(421);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body).error.code).toBe('misdirected_request');
    });

    it('refuses a foreign Host before any identity handling: nothing is created for the user', async () => {
      const answer = await rawRequest(stack, {
        method: 'POST',
        path: '/api/podcasts',
        headers: {
          host: `rebound.example:${stack.port}`,
          'content-type': 'application/json',
          'x-lumcast-user': 'rebound-victim',
        },
        body: JSON.stringify(episode),
      });
      expect(answer.status).toBe(421);
      const list = await callApi(stack, 'GET', '/api/podcasts', { user: 'rebound-victim' });
      expect(list.body.items).toEqual([]);
    });

    it('accepts the bound name too when HOST names another address, and any Host when it binds every interface', () => {
      const named = hostHeaderCheck({ host: '192.168.1.20', port: () => 3000 });
      expect(named('192.168.1.20:3000')).toBe(true);
      expect(named('localhost:3000')).toBe(true);
      expect(named('rebound.example:3000')).toBe(false);
      const everywhere = hostHeaderCheck({ host: '0.0.0.0', port: () => 3000 });
      expect(everywhere('anything.example:1')).toBe(true);
      expect(isLoopbackHost('[::1]')).toBe(true);
      expect(isLoopbackHost('127.0.0.2')).toBe(true);
      expect(isLoopbackHost('10.0.0.1')).toBe(false);
    });
  });

  describe('episode links', () => {
    it('makes a 32-byte link key, written as 64 hex characters in a file of mode 0600', () => {
      const file = path.join(data.dir, LINK_SECRET_FILE);
      expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
      expect(modeOf(file)).toBe(0o600);
    });

    it('never serves a link signed with an empty key, while the real link is served', async () => {
      const job = await makeEpisode(stack, 'alice', episode);
      expect(job.status).toBe('ready');
      expect((await fetch(new URL(job.audioUrl ?? '', stack.url))).status).toBe(200);
      const forged = await linkSignedWithEmptyKey(job.audioUrl ?? '', stack.url);
      const answer = await fetch(forged);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('content-type')).toMatch(REFUSED_LINK_CONTENT_TYPE);
    });
  });

  describe('static files', () => {
    it('serves the export, and a link inside it that stays inside it', async () => {
      const index = await fetch(`${stack.url}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toBe('<h1>Lumcast</h1>');
      expect((await fetch(`${stack.url}/home`)).status).toBe(200);
    });

    it('does not serve a symlink to /etc/passwd inside the dashboard folder', async () => {
      const answer = await fetch(`${stack.url}/passwd`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('root:');
    });

    it('does not serve a sibling folder whose name starts with the dashboard folder’s', async () => {
      const answer = await fetch(`${stack.url}/old/secret.html`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('sibling secret');
    });

    it('answers a missing page 404 with the export’s 404 page', async () => {
      const answer = await fetch(`${stack.url}/no/such/page`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('<h1>No such page</h1>');
      expect((await fetch(`${stack.url}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
    });
  });

  describe('data files', () => {
    it('keeps the data folder and every folder it makes at 0700, and its files at 0600', async () => {
      await makeEpisode(stack, 'modes-user', episode);
      expect(modeOf(data.dir)).toBe(0o700);
      expect(modeOf(path.join(data.dir, 'dynamodb'))).toBe(0o700);
      expect(modeOf(stack.dynamoEndpointFile)).toBe(0o600);
      const objects = modesUnder(objectsFolder(data.dir));
      expect(objects.files.length).toBeGreaterThan(0);
      expect(new Set(objects.files)).toEqual(new Set([0o600]));
      expect(new Set([modeOf(objectsFolder(data.dir)), ...objects.folders])).toEqual(
        new Set([0o700]),
      );
    });
  });

  describe('request bodies', () => {
    it('answers 413 to a huge Content-Length before any of the body is sent', async () => {
      const answer = await new Promise<RawAnswer>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: '127.0.0.1',
            port: stack.port,
            method: 'POST',
            path: '/api/podcasts',
            headers: {
              host: hostOf(stack),
              'content-type': 'application/json',
              'content-length': String(50 * 1024 ** 3),
              'x-lumcast-user': 'alice',
            },
          },
          (response) => {
            readAnswer(response).then((whole) => {
              outgoing.destroy();
              resolve(whole);
            }, reject);
          },
        );
        outgoing.on('error', () => undefined);
        outgoing.flushHeaders(); // headers only: not one byte of the body is ever written
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
    });

    it('answers 413 to a streamed body that never ends, once it passes the limit', async () => {
      let sent = 0;
      const answer = await new Promise<RawAnswer>((resolve, reject) => {
        let answered = false;
        const outgoing = httpRequest(
          {
            host: '127.0.0.1',
            port: stack.port,
            method: 'POST',
            path: '/api/podcasts',
            headers: {
              host: hostOf(stack),
              'content-type': 'application/json',
              'transfer-encoding': 'chunked',
              'x-lumcast-user': 'alice',
            },
          },
          (response) => {
            answered = true;
            readAnswer(response).then((whole) => {
              outgoing.destroy();
              resolve(whole);
            }, reject);
          },
        );
        outgoing.on('error', () => undefined);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        // Writes for as long as there is no answer: a server reading to the end never answers.
        const writeMore = () => {
          while (!answered && !outgoing.destroyed) {
            sent += chunk.length;
            if (!outgoing.write(chunk)) {
              outgoing.once('drain', writeMore);
              return;
            }
          }
        };
        writeMore();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
      expect(sent).toBeGreaterThan(MAX_BODY_BYTES);
    });

    it('still serves the next request after refusing a body', async () => {
      expect((await callApi(stack, 'GET', '/api/quota', { user: 'alice' })).status).toBe(200);
    });
  });
});

describe('a data folder with a bad link-secret file', () => {
  it.each([
    ['empty', ''],
    ['not hex', 'z'.repeat(64)],
    ['31 bytes', 'ab'.repeat(31)],
    ['33 bytes', 'ab'.repeat(33)],
    ['upper-case hex', 'AB'.repeat(32)],
  ])('refuses to start when the file is %s, naming the file', async (_name, contents) => {
    const data = temporaryDataDir();
    try {
      const file = path.join(data.dir, LINK_SECRET_FILE);
      writeFileSync(file, contents);
      const start = startTestStack({ dataDir: data.dir });
      await expect(start).rejects.toBeInstanceOf(LinkSecretError);
      await expect(start).rejects.toThrow(file);
      // The bad file is left for the operator to look at, not replaced.
      expect(readFileSync(file, 'utf8')).toBe(contents);
    } finally {
      data.remove();
    }
  });

  it('starts again with the same key it wrote', async () => {
    const data = temporaryDataDir();
    try {
      const first = await startTestStack({ dataDir: data.dir });
      const key = readFileSync(path.join(data.dir, LINK_SECRET_FILE), 'utf8');
      await first.stop();
      const second = await startTestStack({ dataDir: data.dir });
      await second.stop();
      expect(readFileSync(path.join(data.dir, LINK_SECRET_FILE), 'utf8')).toBe(key);
      expect(readdirSync(data.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      data.remove();
    }
  });
});
