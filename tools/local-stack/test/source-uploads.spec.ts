/**
 * Episodes from uploaded files on the local stack: POST /api/sources gives a signed form, the
 * local server keeps the file only under a valid form (as S3 keeps a presigned POST), and the
 * pipeline reads it as the type its id says; a file that is too big, not what it says, or
 * never uploaded fails the job uncharged.
 */
import { existsSync } from 'node:fs';
import { objectKeys } from '@lumcast/pipeline';
import type { LocalStack } from './support';
import { refusalOf, UPLOAD_REFUSALS } from './upload-refusals';
import {
  callApi,
  lagoonsPdf,
  makeEpisode,
  spokenText,
  startTestStack,
  storedObjectPath,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

interface SourceForm {
  sourceId: string;
  uploadUrl: string;
  uploadFields: Record<string, string>;
  maxBytes: number;
}

const request = { topic: 'Lagoons', minutes: 1, quality: 'standard' };

describe('an episode from an uploaded file', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      tones: new ToneSynthesizer(),
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  async function newForm(user: string, contentType: string): Promise<SourceForm> {
    const answer = await callApi(stack, 'POST', '/api/sources', { user, body: { contentType } });
    expect(answer.status).toBe(201);
    return answer.body as SourceForm;
  }

  async function upload(
    form: SourceForm,
    file: Uint8Array | string,
    changes: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...form.uploadFields, ...changes })) {
      body.append(name, value);
    }
    body.append('file', new Blob([file]), 'source');
    const response = await fetch(new URL(form.uploadUrl, stack.url), { method: 'POST', body });
    return { status: response.status, body: await response.text() };
  }

  /** Whether the stack keeps an object under `key` (its S3 bucket or its objects folder). */
  const stored = (key: string) => existsSync(storedObjectPath(data.dir, key));

  async function quotaOf(user: string) {
    return (await callApi(stack, 'GET', '/api/quota', { user })).body as {
      used: number;
      reserved: number;
    };
  }

  it('is written from an uploaded PDF’s pages and charged', async () => {
    const form = await newForm('nora', 'application/pdf');
    expect(form.maxBytes).toBe(10 * 1024 * 1024);
    expect(await upload(form, await lagoonsPdf())).toEqual({ status: 204, body: '' });
    const job = await makeEpisode(stack, 'nora', { ...request, sourceId: form.sourceId });
    expect(job).toMatchObject({ status: 'ready', sourceId: form.sourceId });
    expect(spokenText(data.dir, 'nora', job.jobId)).toMatch(/Venetian lagoon|reef or a sandbar/);
    expect((await quotaOf('nora')).used).toBe(job.cost);
  });

  it('is written from an uploaded Markdown file', async () => {
    const form = await newForm('otto', 'text/markdown');
    const markdown = '# Lagoons\n\nA **lagoon** is shallow water. Coral atolls ring a lagoon.';
    expect((await upload(form, markdown)).status).toBe(204);
    const job = await makeEpisode(stack, 'otto', { ...request, sourceId: form.sourceId });
    expect(job.status).toBe('ready');
    expect(spokenText(data.dir, 'otto', job.jobId)).toMatch(/Coral atolls ring a lagoon/);
  });

  it(`refuses a file over maxBytes with ${UPLOAD_REFUSALS.tooBig.status} and keeps nothing: the episode then fails uncharged`, async () => {
    const form = await newForm('pia', 'text/plain');
    const answer = await upload(form, new Uint8Array(form.maxBytes + 1).fill(0x61));
    expect(refusalOf(answer)).toEqual(UPLOAD_REFUSALS.tooBig);
    expect(stored(objectKeys.source('pia', form.sourceId))).toBe(false);
    const job = await makeEpisode(stack, 'pia', { ...request, sourceId: form.sourceId });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^The uploaded source file could not be read as text; nothing was charged/,
    );
    expect(await quotaOf('pia')).toMatchObject({ used: 0, reserved: 0 });
  });

  it.each([
    ['another user’s key', { key: 'sources/someone-else/src-AAAAAAAAAAAAAAAAAAAAAA.txt' }],
    ['another type', { 'Content-Type': 'text/html' }],
    ['a later expiry', { 'x-lumcast-expires': String(Math.floor(Date.now() / 1000) + 86_400) }],
  ])('refuses a form changed to %s with 403 and keeps nothing', async (_what, change) => {
    const form = await newForm('quinn', 'text/plain');
    const answer = await upload(form, 'Lagoons are shallow.', change);
    expect(refusalOf(answer)).toEqual(UPLOAD_REFUSALS.changed);
    const keys = [
      objectKeys.source('quinn', form.sourceId),
      ...('key' in change ? [change.key] : []),
    ];
    for (const key of keys) expect({ key, stored: stored(key) }).toEqual({ key, stored: false });
  });

  it('fails uncharged when a file said to be a PDF is not one', async () => {
    const form = await newForm('rosa', 'application/pdf');
    expect((await upload(form, 'Plain text, not a PDF.')).status).toBe(204);
    const job = await makeEpisode(stack, 'rosa', { ...request, sourceId: form.sourceId });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/uploaded source file could not be read/);
    expect(await quotaOf('rosa')).toMatchObject({ used: 0, reserved: 0 });
  });

  it('cannot read another user’s upload: the id names a file under the caller’s own key only', async () => {
    const form = await newForm('sam', 'text/plain');
    expect((await upload(form, 'Sam’s private notes about lagoons.')).status).toBe(204);
    const job = await makeEpisode(stack, 'tess', { ...request, sourceId: form.sourceId });
    expect(job.status).toBe('failed');
    expect(await quotaOf('tess')).toMatchObject({ used: 0, reserved: 0 });
  });

  it(`answers ${UPLOAD_REFUSALS.notAForm.status} for an upload that is not a form, keeping nothing`, async () => {
    const form = await newForm('uma', 'text/plain');
    const response = await fetch(new URL(form.uploadUrl, stack.url), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Lagoons',
    });
    expect(refusalOf({ status: response.status, body: await response.text() })).toEqual(
      UPLOAD_REFUSALS.notAForm,
    );
    expect(stored(objectKeys.source('uma', form.sourceId))).toBe(false);
  });
});
