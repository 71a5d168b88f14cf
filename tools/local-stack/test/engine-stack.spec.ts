/**
 * `npm start` on the engine (`../engine-stack.ts`): the synthesized app with
 * the functions' bundles in worker threads, on a temporary data folder. Needs the cloud assembly
 * (`npx nx run infra:synth`; the `tools:test` target builds it first).
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataFolderInUseError } from '../data-folder-lock';
import { startEngineStack, type EngineStack } from '../engine-stack';
import { runQuotaCommand } from '../../quota-command/run-quota-command';
import { temporaryDataDir } from './support';

jest.setTimeout(180_000);

async function call(
  stack: EngineStack,
  method: string,
  route: string,
  options: { user?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${stack.url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.user === undefined ? {} : { 'x-lumcast-user': options.user }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

async function waitUntilFinal(stack: EngineStack, user: string, jobId: string): Promise<any> {
  for (const started = Date.now(); Date.now() - started < 150_000;) {
    const { body } = await call(stack, 'GET', `/api/podcasts/${jobId}`, { user });
    if (body.status === 'ready' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${jobId} did not finish`);
}

function modes(dir: string): { file: string; mode: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => ({
    file: name,
    mode: (statSync(path.join(dir, name)).mode & 0o777).toString(8),
  }));
}

describe('npm start on the engine', () => {
  const data = temporaryDataDir();
  const dashboardDir = mkdtempSync(path.join(tmpdir(), 'lumcast-dashboard-'));
  writeFileSync(path.join(dashboardDir, 'index.html'), '<!DOCTYPE html><title>Lumcast</title>');
  let stack: EngineStack;

  beforeAll(async () => {
    stack = await startEngineStack({
      port: 0,
      dataDir: data.dir,
      scriptWriter: 'offline',
      speech: 'local',
      dashboardDir,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    data.remove();
    rmSync(dashboardDir, { recursive: true, force: true });
  });

  it('makes a user’s espeak-ng episode with the offline writer through the synthesized app, charged once, with every call granted', async () => {
    const created = await call(stack, 'POST', '/api/podcasts', {
      user: 'alice',
      body: { topic: 'Tides', minutes: 1, quality: 'standard' },
    });
    expect(created.status).toBe(202);
    const job = await waitUntilFinal(stack, 'alice', created.body.jobId);
    expect(job).toMatchObject({ status: 'ready', cost: 1 });
    // The links are on the dashboard's own origin, path-style, through to the S3 front door.
    for (const link of [job.audioUrl, job.captionsUrl])
      expect(new URL(link).origin).toBe(new URL(stack.url).origin);
    const audio = await fetch(job.audioUrl);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(job.audioBytes);
    const range = await fetch(job.audioUrl, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(job.captionsUrl)).headers.get('content-type')).toContain('text/vtt');
    const forged = new URL(job.audioUrl);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
    expect((await call(stack, 'GET', '/api/quota', { user: 'alice' })).body.used).toBe(1);
    expect(stack.emulator.endpoints.denials()).toEqual([]);
    // The write-script bundle ran the offline writer itself: no model was asked.
    expect(stack.emulator.bedrock.requests).toEqual([]);
  });

  it('lets `nx run tools:quota` read and grant on its tables, found through its dynamodb-endpoint.json', async () => {
    const quota = async (...argv: string[]) => {
      let stdout = '';
      const code = await runQuotaCommand([...argv, '--data-dir', data.dir], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => undefined },
        env: {},
      });
      return { code, stdout };
    };
    const granted = await quota('grant', '--user', 'alice', '--slots', '2', '--operation', 'op-1');
    expect(granted.code).toBe(0);
    const shown = await quota('show', '--user', 'alice', '--json');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ usage: { used: 1, granted: 2 } });
    expect((await call(stack, 'GET', '/api/quota', { user: 'alice' })).body).toMatchObject({
      used: 1,
      granted: 2,
    });
  });

  it('serves the dashboard on the API’s and the links’ origin, its CSP allowing that origin only', async () => {
    const page = await fetch(`${stack.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`media-src 'self';`);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self';`);
  });

  it('turns the identity header into the authorizer’s claims, and answers 401 without one', async () => {
    expect((await call(stack, 'GET', '/api/quota', { user: 'bob' })).status).toBe(200);
    expect((await call(stack, 'GET', '/api/quota')).status).toBe(401);
    expect((await call(stack, 'GET', '/api/quota', { user: '../alice' })).status).toBe(401);
  });

  it.each([
    { what: 'no identity header', user: undefined },
    { what: 'a header that is no user id', user: '..' },
  ])('answers $what with the in-process stack’s 401 body', async ({ user }) => {
    const answer = await call(stack, 'POST', '/api/podcasts', {
      ...(user === undefined ? {} : { user }),
      body: { topic: 'Tides', minutes: 1, quality: 'standard' },
    });
    expect(answer).toEqual({
      status: 401,
      body: { error: { code: 'unauthenticated', message: 'Sign in to use Lumcast.' } },
    });
  });

  it('asks no identity on a public feed route', async () => {
    expect((await call(stack, 'GET', '/feeds/f-nothing-here')).status).toBe(404);
  });

  it('answers a declared path asked with another method 405, naming the methods it takes', async () => {
    const answer = await fetch(`${stack.url}/api/podcasts`, {
      method: 'DELETE',
      headers: { 'x-lumcast-user': 'alice' },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, GET, HEAD');
    expect(await answer.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'DELETE is not allowed on /api/podcasts.' },
    });
  });

  it('keeps a dead-lettered message naming no job in the dead-letter file', async () => {
    const deadLetterQueue = stack.emulator.app.queues.find((queue) => !queue.redrive);
    const body = JSON.stringify({ userId: 'fay', jobId: 'j-does-not-exist' });
    await stack.emulator.queues.handle('SendMessage', {
      QueueUrl: deadLetterQueue?.queueUrl,
      MessageBody: body,
    });
    const file = path.join(data.dir, 'dead-letters.jsonl');
    for (const started = Date.now(); !existsSync(file) && Date.now() - started < 30_000;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const kept = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(kept).toEqual([
      expect.objectContaining({ body, receiveCount: 1, messageId: expect.any(String) }),
    ]);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it.each([
    { what: 'a foreign Host', route: '/api/quota', host: 'evil.example', status: 421 },
    { what: 'a file the dashboard does not have', route: '/nothing-here', status: 404 },
    { what: 'a route the API does not have', route: '/api/nothing-here', status: 404 },
  ])('answers $what with $status', async ({ route, host, status }) => {
    const answered = await new Promise<number | undefined>((resolve, reject) => {
      const sent = request(
        `${stack.url}${route}`,
        { headers: { 'x-lumcast-user': 'alice', host: host ?? `localhost:${stack.port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      sent.on('error', reject);
      sent.end();
    });
    expect(answered).toBe(status);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const answer = await call(stack, 'POST', '/api/podcasts', {
      user: 'alice',
      body: { topic: 'x'.repeat(1_100_000), minutes: 1, quality: 'standard' },
    });
    expect(answer.status).toBe(413);
  });

  it('keeps the data folder private: folders 0700, files 0600', () => {
    const found = modes(data.dir);
    expect(found.length).toBeGreaterThan(5);
    expect(found.filter(({ mode }) => mode !== '700' && mode !== '600')).toEqual([]);
  });

  it('refuses a second start on the same data folder', async () => {
    await expect(
      startEngineStack({
        port: 0,
        dataDir: data.dir,
        scriptWriter: 'offline',
        speech: 'local',
      }),
    ).rejects.toBeInstanceOf(DataFolderInUseError);
  });
});
