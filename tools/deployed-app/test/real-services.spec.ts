/**
 * The deployed app with Polly and Bedrock Runtime sent to real endpoints (the engine's
 * `realServices`): every call the bundles make is checked at the front door against their role,
 * then re-signed with the user's credentials for the user's region and sent to the regional
 * endpoint, here a relay that verifies that signature and answers with the engine's fakes, so a
 * whole episode goes through it.
 */
import type { AwsCredentialIdentity } from '@smithy/types';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { createEpisode, decodedMp3Seconds, describeDenials, untilFinal } from './episodes';
import {
  startRegionalEndpointRelay,
  type RegionalEndpointRelay,
} from './support/regional-endpoint-relay';

const user: AwsCredentialIdentity = {
  accessKeyId: 'ASIAUSERSOWNKEY00002',
  secretAccessKey: 'the-users-own-secret',
  sessionToken: 'the-users-own-session-token',
};

let relay: RegionalEndpointRelay;
let deployed: DeployedApp;

beforeAll(async () => {
  relay = await startRegionalEndpointRelay((id) =>
    id === user.accessKeyId
      ? { secretAccessKey: user.secretAccessKey, sessionToken: user.sessionToken as string }
      : undefined,
  );
  const real = { endpoint: relay.url, region: 'eu-west-1', credentials: async () => user };
  // Slower than the other specs' 0.05: the extra hop through the relay then fits the functions'
  // scaled timeouts on a busy machine too.
  deployed = await startDeployedApp({
    timeScale: 0.2,
    realServices: { polly: real, 'bedrock-runtime': real },
  });
  relay.setFakes({ polly: deployed.polly.url, bedrock: deployed.bedrock.url });
}, 180_000);
afterAll(async () => {
  await deployed?.stop();
  await relay?.stop();
});

describe('an episode with the real Polly and Bedrock Runtime', () => {
  it('is made from calls each granted to its function’s role and signed with the user’s credentials for the user’s region', async () => {
    const token = await deployed.token('owner-real');
    const jobId = await createEpisode(deployed, token, {
      topic: 'Tides',
      minutes: 1,
      quality: 'neural',
    });
    const job = await untilFinal(deployed, token, jobId, 240_000);
    expect(job.status).toBe('ready');
    expect(await decodedMp3Seconds(job.audioUrl as string)).toBeGreaterThan(0);
    expect(describeDenials(deployed)).toEqual([]);

    const signatures = relay.received.map((request) => request.signature);
    expect(signatures.filter((signature) => 'refused' in signature)).toEqual([]);
    const byService = (name: string) =>
      signatures.filter((signature) => 'service' in signature && signature.service === name);
    expect(byService('bedrock').length).toBeGreaterThan(0);
    expect(byService('polly').length).toBeGreaterThan(0);
    for (const signature of signatures)
      expect(signature).toMatchObject({ accessKeyId: user.accessKeyId, region: 'eu-west-1' });
    // Every Polly and Bedrock call went through the relay: the fakes heard nothing else.
    expect(deployed.polly.requests.length + deployed.bedrock.requests.length).toBe(
      relay.received.length,
    );
    const granted = deployed.endpoints.calls.filter(
      (call) => call.service === 'polly' || call.service === 'bedrock-runtime',
    );
    expect(granted.length).toBeGreaterThan(0);
  });
});
