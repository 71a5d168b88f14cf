/**
 * Source links through the deployed app: the write-script function, built and configured as the
 * template says (no test override exists there), refuses links to internal addresses before
 * connecting, and the job fails uncharged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;
let internal: Server;
let internalUrl: string;
let internalRequests = 0;

beforeAll(async () => {
  internal = createServer((_request, response) => {
    internalRequests += 1;
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('An internal page about tides that no user may have the pipeline read.');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/notes`;
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(async () => {
  await deployed?.stop();
  internal.closeAllConnections();
  await new Promise((resolve) => internal.close(resolve));
});

describe('a source link through the deployed app', () => {
  it.each([
    ['a loopback page', () => internalUrl],
    ['the instance metadata address', () => 'http://169.254.169.254/latest/meta-data/iam/'],
    ['a private address by name', () => 'http://localhost:9/'],
  ])(
    'refuses %s before connecting, failing the job uncharged, through IAM',
    async (_what, link) => {
      const token = await deployed.token(`source-${Math.random().toString(36).slice(2, 8)}`);
      const jobId = await createEpisode(deployed, token, {
        topic: 'Tides',
        minutes: 1,
        quality: 'standard',
        sourceUrl: link(),
      });
      const job = await untilFinal(deployed, token, jobId, 120_000);
      expect(job.status).toBe('failed');
      expect(job.error).toEqual(
        expect.stringMatching(/^The source link could not be read as text; nothing was charged/),
      );
      expect((await api(deployed, token, 'GET', '/api/quota')).body).toMatchObject({
        used: 0,
        reserved: 0,
        inFlight: 0,
      });
      expect(internalRequests).toBe(0);
      expect(describeDenials(deployed)).toEqual([]);
    },
  );

  it('answers 400 naming sourceUrl for a link that is not http(s), through the gateway', async () => {
    const token = await deployed.token('source-scheme');
    const answer = await api(deployed, token, 'POST', '/api/podcasts', {
      topic: 'Tides',
      minutes: 1,
      quality: 'standard',
      sourceUrl: 'file:///etc/passwd',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('sourceUrl');
  });
});
