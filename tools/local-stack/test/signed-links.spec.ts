/**
 * The local stack's signed links and upload forms verify only in the spelling they were made in:
 * a signature of 64 lower-case hex characters, compared in constant time, and whole numbers
 * (expiry, size bound) in plain decimal. Any other spelling is no link: 403 on the wire.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobRecord, JobsTable } from '@lumcast/pipeline';
import { FileObjectStore } from '../file-object-store';
import { LocalEpisodeLinks } from '../local-episode-links';
import { LocalSourceUploads } from '../local-source-uploads';
import { createRequestListener } from '../request-listener';

const SECRET = Buffer.alloc(32, 7);
const NOW = new Date('2026-12-06T10:00:00Z');
const now = () => NOW;
const JOB_ID = 'j-0mipvs3k00-5f1c9a0b7e2d4c66';
const AUDIO_KEY = `episodes/alice/${JOB_ID}/episode.mp3`;
const UPLOAD = {
  key: 'sources/alice/src-AAAAAAAAAAAAAAAAAAAAAA.txt',
  contentType: 'text/plain',
  maxBytes: 1000,
  expiresInSeconds: 900,
};

/** Spellings of a signature that `Buffer.from(…, 'hex')` reads as the same bytes, or near. */
const SIGNATURE_SPELLINGS: [string, (signature: string) => string][] = [
  ['in upper case', (signature) => signature.toUpperCase()],
  ['with an extra hex digit', (signature) => `${signature}0`],
  ['with "zz" appended', (signature) => `${signature}zz`],
  ['one digit short', (signature) => signature.slice(0, -1)],
  ['after a space', (signature) => ` ${signature}`],
  ['in base64', (signature) => Buffer.from(signature, 'hex').toString('base64')],
];

/** Spellings of a whole number that `Number()` reads as the same number. */
const NUMBER_SPELLINGS: [string, (value: string) => string][] = [
  ['with an exponent', (value) => `${value}e0`],
  ['with a plus sign', (value) => `+${value}`],
  ['with a leading zero', (value) => `0${value}`],
  ['with a fraction', (value) => `${value}.0`],
  ['padded with spaces', (value) => ` ${value} `],
  ['with a trailing newline', (value) => `${value}\n`],
  ['in hex', (value) => `0x${Number(value).toString(16)}`],
];

/** Every bad spelling of a signed field, as `[what, field, change]`. */
function badSpellings(fields: { signature: string; numbers: string[] }) {
  return [
    ...SIGNATURE_SPELLINGS.map(
      ([what, change]) => [`a signature ${what}`, fields.signature, change] as const,
    ),
    ...fields.numbers.flatMap((field) =>
      NUMBER_SPELLINGS.map(([what, change]) => [`${field} ${what}`, field, change] as const),
    ),
  ];
}

const LINK_SPELLINGS = badSpellings({ signature: 'signature', numbers: ['expires'] });
const FORM_SPELLINGS = badSpellings({
  signature: 'x-lumcast-signature',
  numbers: ['x-lumcast-expires', 'x-lumcast-max-bytes'],
});

const links = new LocalEpisodeLinks({ secret: SECRET, expiresInSeconds: 900, now });
const uploads = new LocalSourceUploads({ secret: SECRET, now });

async function audioLink(): Promise<URL> {
  const { audioUrl } = await links.forJob({
    userId: 'alice',
    jobId: JOB_ID,
    audioKey: AUDIO_KEY,
  } as JobRecord);
  return new URL(audioUrl as string, 'http://localhost');
}

/** The link with one query field set to another value (or repeated). */
function respelled(link: URL, field: string, value: string, repeat = false): URL {
  const changed = new URL(link);
  if (repeat) changed.searchParams.append(field, value);
  else changed.searchParams.set(field, value);
  return changed;
}

describe('LocalEpisodeLinks.verify', () => {
  it('verifies the link it made', async () => {
    const link = await audioLink();
    expect(links.verify(JOB_ID, 'audio', link.searchParams)).toEqual({
      userId: 'alice',
      jobId: JOB_ID,
      asset: 'audio',
    });
  });

  it.each(LINK_SPELLINGS)('refuses %s', async (_what, field, change) => {
    const link = await audioLink();
    const bad = respelled(link, field, change(link.searchParams.get(field) as string));
    expect(links.verify(JOB_ID, 'audio', bad.searchParams)).toBeUndefined();
  });

  it.each(['owner', 'expires', 'signature'])(
    'refuses a link that gives %s twice',
    async (field) => {
      const link = await audioLink();
      const twice = respelled(link, field, link.searchParams.get(field) as string, true);
      expect(links.verify(JOB_ID, 'audio', twice.searchParams)).toBeUndefined();
    },
  );
});

describe('LocalSourceUploads.verify', () => {
  const fieldsOf = (fields: Record<string, string>) => (name: string) => fields[name];

  it('verifies the form it made', async () => {
    const form = await uploads.formFor(UPLOAD);
    expect(uploads.verify(fieldsOf(form.fields))).toEqual({
      key: UPLOAD.key,
      contentType: 'text/plain',
      maxBytes: 1000,
    });
  });

  it.each(FORM_SPELLINGS)('refuses %s', async (_what, field, change) => {
    const form = await uploads.formFor(UPLOAD);
    const bad = { ...form.fields, [field]: change(form.fields[field] as string) };
    expect(uploads.verify(fieldsOf(bad))).toBeUndefined();
  });
});

describe('the local server, on a link or form in another spelling', () => {
  let server: Server;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lumcast-signed-'));
    const store = new FileObjectStore(path.join(dataDir, 'objects'));
    await store.put(AUDIO_KEY, new Uint8Array([1, 2, 3]), 'audio/mpeg');
    const ready = { userId: 'alice', jobId: JOB_ID, status: 'ready', audioKey: AUDIO_KEY };
    const jobs = { get: async () => ready } as unknown as JobsTable;
    const listener = createRequestListener({
      api: async () => ({ statusCode: 404 }),
      jobs,
      links,
      uploads,
      store,
      dashboardDir: path.join(dataDir, 'no-dashboard'),
      acceptsHost: () => true,
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(fields: Record<string, string>): Promise<Response> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', new Blob(['Lagoons are shallow.']), 'source.txt');
    return fetch(`${origin}/api/sources/upload`, { method: 'POST', body });
  }

  it('serves the link and keeps the file of the form as they were made', async () => {
    const link = await audioLink();
    const served = await fetch(`${origin}${link.pathname}${link.search}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect((await upload((await uploads.formFor(UPLOAD)).fields)).status).toBe(204);
  });

  it.each(LINK_SPELLINGS)('answers 403 to a link with %s', async (_what, field, change) => {
    const link = await audioLink();
    const bad = respelled(link, field, change(link.searchParams.get(field) as string));
    const answer = await fetch(`${origin}${bad.pathname}${bad.search}`);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'access_denied' } });
  });

  it.each(FORM_SPELLINGS)('answers 403 to a form with %s', async (_what, field, change) => {
    const form = await uploads.formFor(UPLOAD);
    const answer = await upload({ ...form.fields, [field]: change(form.fields[field] as string) });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'access_denied' } });
  });

  it('answers 403 to a form that gives its signature twice', async () => {
    const form = await uploads.formFor(UPLOAD);
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
    body.append('x-lumcast-signature', form.fields['x-lumcast-signature'] as string);
    body.append('file', new Blob(['Lagoons are shallow.']), 'source.txt');
    const answer = await fetch(`${origin}/api/sources/upload`, { method: 'POST', body });
    expect(answer.status).toBe(403);
  });
});
