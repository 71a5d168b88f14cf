import {
  BEDROCK_MODEL_ID_PATTERN,
  DEFAULT_BEDROCK_MODEL_ID as SCRIPT_WRITER_DEFAULT_MODEL_ID,
} from '@lumcast/script-generation';
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { InvalidContextError } from './errors';

/** The deployment stages the app knows. */
export const STAGE_NAMES = ['dev', 'prod'] as const;

/** A deployment stage: `dev` (disposable) or `prod` (data is retained and protected). */
export type StageName = (typeof STAGE_NAMES)[number];

/**
 * Polly allows 8 SynthesizeSpeech requests per second for the neural and generative
 * engines. One synthesize invocation makes one request and takes at least about a
 * second, so at most 8 concurrent invocations stay within that rate.
 */
export const POLLY_NEURAL_REQUESTS_PER_SECOND = 8;

/**
 * Bedrock model used for scripts when `--context bedrockModelId=...` is not given:
 * the script writer's own default (a global cross-region inference profile).
 */
export const DEFAULT_BEDROCK_MODEL_ID = SCRIPT_WRITER_DEFAULT_MODEL_ID;

/** Everything that differs between stages, resolved once from CDK context. */
export interface StageConfig {
  readonly stage: StageName;
  /** RETAIN in prod (tables, buckets, user pool, logs); DESTROY in dev. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB deletion protection and Cognito deletion protection (prod only). */
  readonly deletionProtection: boolean;
  /** Retention of every log group the stack creates. */
  readonly logRetention: RetentionDays;
  /** Bedrock model id (a foundation model id, or a cross-region inference profile id such as `us.anthropic...`). */
  readonly bedrockModelId: string;
  /** Reserved concurrency of the synthesize function; `undefined` (the default) leaves it unreserved. */
  readonly synthesizeReservedConcurrency: number | undefined;
  /** Address subscribed to the alarm topic, if any. */
  readonly alarmEmail: string | undefined;
  /** Cognito hosted UI domain prefix; `undefined` means `lumcast-<stage>-<account id>`. */
  readonly cognitoDomainPrefix: string | undefined;
  /** The account's provider quotas the pacing holds (context keys of the same names). */
  readonly providerQuotas: ProviderQuotas;
}

/**
 * Provider quotas of the account a stage deploys to, as Service Quotas shows them: Polly's
 * SynthesizeSpeech requests per second per engine, and Bedrock's requests per minute for the
 * model. The pipeline paces every function's calls to these, shared.
 */
export interface ProviderQuotas {
  readonly pollyStandardTps: number;
  readonly pollyNeuralTps: number;
  readonly pollyGenerativeTps: number;
  readonly bedrockRequestsPerMinute: number;
}

/**
 * AWS's default quotas: Polly 80 requests per second for standard, 8 for neural and generative;
 * Bedrock 200 requests per minute for the model (set yours from Service Quotas, "Cross-Region
 * InvokeModel requests per minute" for the model).
 */
export const DEFAULT_PROVIDER_QUOTAS: ProviderQuotas = Object.freeze({
  pollyStandardTps: 80,
  pollyNeuralTps: POLLY_NEURAL_REQUESTS_PER_SECOND,
  pollyGenerativeTps: 8,
  bedrockRequestsPerMinute: 200,
});

/** Reads one CDK context value (e.g. `(key) => app.node.tryGetContext(key)`). */
export type ContextReader = (key: string) => unknown;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COGNITO_PREFIX_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function readStage(value: unknown): StageName {
  const found = STAGE_NAMES.find((name) => name === value);
  if (found === undefined)
    throw new InvalidContextError('stage', value, `one of ${STAGE_NAMES.join(', ')}`);
  return found;
}

function readOptionalText(
  context: ContextReader,
  key: string,
  pattern: RegExp,
  expected: string,
): string | undefined {
  const value = context(key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new InvalidContextError(key, value, expected);
  }
  return value;
}

function readReservedConcurrency(value: unknown): number | undefined {
  // Unreserved by default: reserving 8 fails to deploy on an account whose concurrency quota
  // is 10 (Lambda keeps 10 unreserved). Polly's rate is held by the state machine instead.
  if (value === undefined || value === 'none') return undefined;
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > POLLY_NEURAL_REQUESTS_PER_SECOND) {
    throw new InvalidContextError(
      'synthesizeReservedConcurrency',
      value,
      `an integer from 1 to ${POLLY_NEURAL_REQUESTS_PER_SECOND}, or "none"`,
    );
  }
  return parsed;
}

function readQuota(context: ContextReader, key: keyof ProviderQuotas): number {
  const value = context(key);
  if (value === undefined) return DEFAULT_PROVIDER_QUOTAS[key];
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 100_000) {
    throw new InvalidContextError(key, value, 'a number above 0 and at most 100000');
  }
  return parsed;
}

function readProviderQuotas(context: ContextReader): ProviderQuotas {
  return {
    pollyStandardTps: readQuota(context, 'pollyStandardTps'),
    pollyNeuralTps: readQuota(context, 'pollyNeuralTps'),
    pollyGenerativeTps: readQuota(context, 'pollyGenerativeTps'),
    bedrockRequestsPerMinute: readQuota(context, 'bedrockRequestsPerMinute'),
  };
}

/**
 * Resolves the stage configuration from CDK context, rejecting anything unknown
 * with an {@link InvalidContextError} before a single construct is created.
 *
 * Context keys: `stage` (required: dev | prod; cdk.json sets dev), `bedrockModelId`,
 * `synthesizeReservedConcurrency` (1–8, or `none`, the default: unreserved), `alarmEmail`, `cognitoDomainPrefix`,
 * and the provider quotas `pollyStandardTps`, `pollyNeuralTps`, `pollyGenerativeTps`,
 * `bedrockRequestsPerMinute` (default {@link DEFAULT_PROVIDER_QUOTAS}).
 */
export function resolveStageConfig(context: ContextReader): StageConfig {
  const stage = readStage(context('stage'));
  const production = stage === 'prod';
  const cognitoDomainPrefix = readOptionalText(
    context,
    'cognitoDomainPrefix',
    COGNITO_PREFIX_PATTERN,
    'lower-case letters, digits and inner hyphens (at most 63 characters)',
  );
  if (cognitoDomainPrefix !== undefined && /aws|amazon|cognito/.test(cognitoDomainPrefix)) {
    throw new InvalidContextError(
      'cognitoDomainPrefix',
      cognitoDomainPrefix,
      'a prefix without "aws", "amazon" or "cognito" (Cognito reserves them)',
    );
  }
  return {
    stage,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    deletionProtection: production,
    logRetention: production ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
    bedrockModelId:
      readOptionalText(
        context,
        'bedrockModelId',
        BEDROCK_MODEL_ID_PATTERN,
        'a Bedrock model or inference profile id',
      ) ?? DEFAULT_BEDROCK_MODEL_ID,
    synthesizeReservedConcurrency: readReservedConcurrency(
      context('synthesizeReservedConcurrency'),
    ),
    alarmEmail: readOptionalText(context, 'alarmEmail', EMAIL_PATTERN, 'an e-mail address'),
    cognitoDomainPrefix,
    providerQuotas: readProviderQuotas(context),
  };
}
