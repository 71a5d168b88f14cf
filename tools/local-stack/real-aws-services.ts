import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { PollyClient } from '@aws-sdk/client-polly';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { RealServices, RealUpstream } from '@lumcast/aws-emulator';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import type { LocalConfig } from './local-config';

/** What a user without credentials is told, after the SDK's own reason. */
const CREDENTIALS_HINT =
  'LUMCAST_SPEECH=polly and LUMCAST_SCRIPT_WRITER=bedrock call AWS with your own credentials ' +
  '(AWS_PROFILE, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or `aws sso login`); ' +
  'unset them for espeak-ng and the offline writer';

/** The user's credentials from the AWS SDK's default chain, a failure saying what needs them. */
function userCredentials(): AwsCredentialIdentityProvider {
  const chain = defaultProvider();
  return async (properties) => {
    try {
      return await chain(properties);
    } catch (cause) {
      throw new Error(`${(cause as Error).message} (${CREDENTIALS_HINT})`, { cause });
    }
  };
}

/**
 * The region and regional endpoint a service's SDK client would call with no settings, as the
 * in-process stack's clients did (`AWS_REGION`, or the profile's `region`).
 *
 * @throws Error when no region is configured, naming the variable to set.
 */
async function regionalEndpoint(
  client: PollyClient | BedrockRuntimeClient,
  setting: string,
): Promise<{ endpoint: URL; region: string }> {
  try {
    const region = await client.config.region();
    const { url } = client.config.endpointProvider({ Region: region });
    return { endpoint: new URL(url.href), region };
  } catch (cause) {
    throw new Error(
      `${setting} calls AWS, but no region is configured: set AWS_REGION (or a region in your AWS profile)`,
      { cause },
    );
  } finally {
    client.destroy();
  }
}

/**
 * Which services the run sends to the real AWS: Polly when the speech is `polly`, Bedrock Runtime
 * when the script writer is `bedrock`, each at its regional endpoint for the configured region,
 * signed with the user's credentials (the SDK's default chain). Nothing for the defaults
 * (espeak-ng and the offline writer run inside the bundles). The engine still checks every call
 * as deployed (SigV4 with the function's credentials, IAM against its role) before it re-signs it.
 *
 * @throws Error when a real service is selected and no region is configured.
 * @example
 * ```ts
 * const realServices = await realServicesFor({ speech: 'polly', scriptWriter: 'offline' });
 * // { polly: { endpoint: https://polly.eu-west-1.amazonaws.com/, region: 'eu-west-1', credentials } }
 * ```
 */
export async function realServicesFor(
  config: Pick<LocalConfig, 'speech' | 'scriptWriter'>,
  credentials: AwsCredentialIdentityProvider = userCredentials(),
): Promise<RealServices> {
  const real: { polly?: RealUpstream; 'bedrock-runtime'?: RealUpstream } = {};
  if (config.speech === 'polly')
    real.polly = {
      ...(await regionalEndpoint(new PollyClient({}), 'LUMCAST_SPEECH=polly')),
      credentials,
    };
  if (config.scriptWriter === 'bedrock')
    real['bedrock-runtime'] = {
      ...(await regionalEndpoint(new BedrockRuntimeClient({}), 'LUMCAST_SCRIPT_WRITER=bedrock')),
      credentials,
    };
  return real;
}
