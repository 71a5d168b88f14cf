/**
 * Episodes from a source link on the local stack: the page is
 * read by the write-script bundle's guarded fetcher, which reads this test's page server on
 * loopback because the run's operator lists its exact origin in `LUMCAST_SOURCE_ALLOWED_ORIGINS`;
 * any other loopback origin stays refused, and a link that cannot be read fails the job uncharged.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublicJob } from '@lumcast/pipeline';
import type { LocalStack } from './engine-test-stack';
import {
  callApi,
  lagoonsPdf,
  makeEpisode,
  spokenText,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

const PAGE = `<!doctype html><html><head><title>Estuaries</title><script>var ignored = 1;</script></head>
<body><nav>Home · About</nav><article><h1>Estuaries</h1>
<p>An estuary is where a river meets the sea. Fresh water mixes with salt water there.</p>
<p>Mangrove forests grow in tropical estuaries. Their roots shelter young fish from predators.</p>
<p>The Severn estuary has one of the largest tidal ranges on Earth, about fifteen metres.</p>
</article></body></html>`;

/** The page server whose origin the run allows, and another on loopback (another port) it does not. */
let pages: Server;
let pagesOrigin: string;
let unlisted: Server;
let unlistedOrigin: string;

async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const pdf = await lagoonsPdf();
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/estuaries') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else if (request.url === '/lagoons.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(pdf);
    } else if (request.url === '/fake.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('Not a PDF at all, though the header says it is.');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not here');
    }
  };
  pages = createServer(serve);
  pagesOrigin = await listenOnLoopback(pages);
  unlisted = createServer(serve);
  unlistedOrigin = await listenOnLoopback(unlisted);
});
afterAll(async () => {
  for (const server of [pages, unlisted]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const request = { topic: 'Estuaries', minutes: 1, quality: 'standard' };

async function quotaOf(stack: LocalStack, user: string) {
  return (await callApi(stack, 'GET', '/api/quota', { user })).body as {
    used: number;
    reserved: number;
  };
}

describe('an episode from a source link', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      tones: new ToneSynthesizer(),
      // As a self-hosting operator lists a page server on their own machine.
      engine: { environment: { LUMCAST_SOURCE_ALLOWED_ORIGINS: pagesOrigin } },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('is written from the page’s text, without its scripts or navigation, and charged', async () => {
    const job = await makeEpisode(stack, 'erin', {
      ...request,
      sourceUrl: `${pagesOrigin}/estuaries`,
    });
    expect(job.status).toBe('ready');
    expect(job.sourceUrl).toBe(`${pagesOrigin}/estuaries`);
    const spoken = spokenText(data.dir, 'erin', job.jobId);
    expect(spoken).toMatch(/Mangrove|Severn|fresh water/i);
    expect(spoken).not.toContain('ignored');
    expect((await quotaOf(stack, 'erin')).used).toBe(job.cost);
  });

  it('is written from a PDF’s pages, read by PDF.js, and charged', async () => {
    const job = await makeEpisode(stack, 'hana', {
      ...request,
      topic: 'Lagoons',
      sourceUrl: `${pagesOrigin}/lagoons.pdf`,
    });
    expect(job.status).toBe('ready');
    const spoken = spokenText(data.dir, 'hana', job.jobId);
    expect(spoken).toMatch(/Venetian lagoon|reef or a sandbar/);
    expect((await quotaOf(stack, 'hana')).used).toBe(job.cost);
  });

  it('fails uncharged when a link says it is a PDF but is not one', async () => {
    const job = await makeEpisode(stack, 'ivan', {
      ...request,
      sourceUrl: `${pagesOrigin}/fake.pdf`,
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/source link could not be read.*nothing was charged/);
    expect(await quotaOf(stack, 'ivan')).toMatchObject({ used: 0, reserved: 0 });
  });

  it('fails uncharged, saying why in words a user can act on, when the link answers 404', async () => {
    const job = await makeEpisode(stack, 'finn', { ...request, sourceUrl: `${pagesOrigin}/gone` });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/source link could not be read.*nothing was charged/);
    expect(await quotaOf(stack, 'finn')).toMatchObject({ used: 0, reserved: 0 });
  });

  it('refuses a loopback origin the operator did not list (the same page on another port), uncharged', async () => {
    const job = await makeEpisode(stack, 'jack', {
      ...request,
      sourceUrl: `${unlistedOrigin}/estuaries`,
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/source link could not be read.*nothing was charged/);
    expect(await quotaOf(stack, 'jack')).toMatchObject({ used: 0, reserved: 0 });
  });
});

describe('the local stack’s own configuration', () => {
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

  it('refuses a link to a loopback address (request forgery), failing the job uncharged', async () => {
    const job: PublicJob = await makeEpisode(stack, 'gail', {
      ...request,
      sourceUrl: `${pagesOrigin}/estuaries`,
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/source link could not be read/);
    expect(await quotaOf(stack, 'gail')).toMatchObject({ used: 0, reserved: 0 });
  });

  it('answers 400 naming sourceUrl for a link that is not http(s)', async () => {
    const answer = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'gail',
      body: { ...request, sourceUrl: 'file:///etc/passwd' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('sourceUrl');
  });
});
