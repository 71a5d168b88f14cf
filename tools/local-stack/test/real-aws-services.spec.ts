/**
 * Speech `polly` and writer `bedrock` on the engine: which services go to the real AWS, at which
 * regional endpoint, signed with whose credentials, and a start that cannot sign refused before
 * anything runs. The forwarding itself is the engine's (`tools/aws-emulator/test/real-upstream.spec.ts`).
 * The last case needs the cloud assembly (`npx nx run infra:synth`; the `tools:test` target builds it).
 */
import { claimDataFolder } from '../data-folder-claim';
import { startEngineStack } from '../engine-stack';
import { realServicesFor } from '../real-aws-services';
import { temporaryDataDir } from './support';

jest.setTimeout(120_000);

/** No credentials anywhere the SDK's default chain looks (and no instance metadata to ask). */
const NO_CREDENTIALS: Record<string, string | undefined> = {
  AWS_ACCESS_KEY_ID: undefined,
  AWS_SECRET_ACCESS_KEY: undefined,
  AWS_SESSION_TOKEN: undefined,
  AWS_PROFILE: undefined,
  AWS_WEB_IDENTITY_TOKEN_FILE: undefined,
  AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: undefined,
  AWS_CONTAINER_CREDENTIALS_FULL_URI: undefined,
  AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws/credentials',
  AWS_CONFIG_FILE: '/nonexistent/aws/config',
  AWS_EC2_METADATA_DISABLED: 'true',
};

/** Runs `fn` with these variables set (undefined: unset), then puts the environment back. */
async function withEnvironment<T>(
  variables: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(variables);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

describe('realServicesFor', () => {
  it.each([
    { speech: 'local', scriptWriter: 'offline', services: [] },
    { speech: 'polly', scriptWriter: 'offline', services: ['polly'] },
    { speech: 'local', scriptWriter: 'bedrock', services: ['bedrock-runtime'] },
    { speech: 'polly', scriptWriter: 'bedrock', services: ['polly', 'bedrock-runtime'] },
  ] as const)(
    'with speech $speech and writer $scriptWriter, sends $services to the real AWS at the region’s endpoint',
    async ({ speech, scriptWriter, services }) => {
      const real = await withEnvironment({ ...NO_CREDENTIALS, AWS_REGION: 'eu-west-1' }, () =>
        realServicesFor({ speech, scriptWriter }),
      );
      expect(Object.keys(real)).toEqual(services);
      for (const service of services) {
        expect(real[service]?.endpoint.href).toBe(`https://${service}.eu-west-1.amazonaws.com/`);
        expect(real[service]?.region).toBe('eu-west-1');
      }
    },
  );

  it('signs with the user’s own credentials from the SDK’s default chain', async () => {
    const user = { AWS_ACCESS_KEY_ID: 'AKIAUSERKEY', AWS_SECRET_ACCESS_KEY: 'user-secret' };
    const credentials = await withEnvironment(
      { ...NO_CREDENTIALS, ...user, AWS_REGION: 'ap-southeast-2' },
      async () => {
        const real = await realServicesFor({ speech: 'polly', scriptWriter: 'offline' });
        return real.polly?.credentials();
      },
    );
    expect(credentials).toMatchObject({
      accessKeyId: 'AKIAUSERKEY',
      secretAccessKey: 'user-secret',
    });
  });

  it('refuses a real service when no region is configured, naming the variable to set', async () => {
    await expect(
      withEnvironment(
        { ...NO_CREDENTIALS, AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined },
        () => realServicesFor({ speech: 'local', scriptWriter: 'bedrock' }),
      ),
    ).rejects.toThrow(
      'LUMCAST_SCRIPT_WRITER=bedrock calls AWS, but no region is configured: set AWS_REGION (or a region in your AWS profile)',
    );
  });
});

describe('a start on the engine with Polly and no credentials', () => {
  it('is refused naming Polly, its endpoint and how to give credentials, and leaves the data folder free', async () => {
    const data = temporaryDataDir();
    try {
      await expect(
        withEnvironment({ ...NO_CREDENTIALS, AWS_REGION: 'eu-west-1' }, () =>
          startEngineStack({
            port: 0,
            dataDir: data.dir,
            scriptWriter: 'offline',
            speech: 'polly',
          }),
        ),
      ).rejects.toThrow(
        /^Polly calls go to https:\/\/polly\.eu-west-1\.amazonaws\.com, but no AWS credentials to sign them could be loaded: .*LUMCAST_SPEECH=polly and LUMCAST_SCRIPT_WRITER=bedrock call AWS with your own credentials/,
      );
      const claim = await claimDataFolder(data.dir);
      await claim.release();
    } finally {
      data.remove();
    }
  });
});
