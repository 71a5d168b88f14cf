import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ProviderPacer } from '@lumcast/pacing';
import type { VoiceQuality } from '@lumcast/quota';
import type { Environment } from '../config/environment';
import { ConfigurationError } from '../errors';
import { bedrockPacingKey, pollyPacingKey } from './provider-keys';
import { ProviderTurns, TURN_POLICY } from './provider-turns';

/** Polly's turns, one {@link ProviderTurns} per voice quality (per engine). */
export type SpeechTurns = Readonly<Record<VoiceQuality, ProviderTurns>>;

/**
 * Polly's turns when `LUMCAST_SPEECH` is `polly`, at the quotas `LUMCAST_POLLY_*_TPS` on the table
 * `LUMCAST_PACING_TABLE`; undefined for the local speech engine, which has no provider limit.
 * Throws {@link ConfigurationError} when Polly is used without a pacing table.
 *
 * @example
 * ```ts
 * const speechTurns = speechTurnsFrom(env, new DynamoDBClient({}));
 * ```
 */
export function speechTurnsFrom(
  env: Environment,
  dynamodb: DynamoDBClient,
): SpeechTurns | undefined {
  if (env.LUMCAST_SPEECH !== 'polly') return undefined;
  const pacer = pacerFrom(env, dynamodb, 'Polly');
  const turns = (quality: VoiceQuality, quotaPerSecond: number) =>
    new ProviderTurns({ pacer, key: pollyPacingKey(quality), quotaPerSecond });
  return {
    standard: turns('standard', env.LUMCAST_POLLY_STANDARD_TPS),
    neural: turns('neural', env.LUMCAST_POLLY_NEURAL_TPS),
    generative: turns('generative', env.LUMCAST_POLLY_GENERATIVE_TPS),
  };
}

/**
 * Bedrock's turns for the configured model when `LUMCAST_SCRIPT_WRITER` is `bedrock`, at
 * `LUMCAST_BEDROCK_REQUESTS_PER_MINUTE`; undefined for the offline writer.
 */
export function modelTurnsFrom(
  env: Environment,
  dynamodb: DynamoDBClient,
  modelId: string,
): ProviderTurns | undefined {
  if (env.LUMCAST_SCRIPT_WRITER !== 'bedrock') return undefined;
  return new ProviderTurns({
    pacer: pacerFrom(env, dynamodb, 'Bedrock'),
    key: bedrockPacingKey(modelId),
    quotaPerSecond: env.LUMCAST_BEDROCK_REQUESTS_PER_MINUTE / 60,
  });
}

function pacerFrom(env: Environment, dynamodb: DynamoDBClient, provider: string): ProviderPacer {
  if (!env.LUMCAST_PACING_TABLE) {
    throw new ConfigurationError(
      `LUMCAST_PACING_TABLE must be set where ${provider} is called: its limit is shared by every function`,
    );
  }
  return new ProviderPacer({
    client: dynamodb,
    tableName: env.LUMCAST_PACING_TABLE,
    startLeadMs: TURN_POLICY.startLeadMs,
  });
}
