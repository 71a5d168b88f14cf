import * as z from './zod-mini';
import { ConfigurationError } from '../errors';
import { allowedOriginsSchema } from '../sources/allowed-origins';

/** A provider's quota: a positive number, `fallback` when unset. */
function providerRate(fallback: number) {
  return z._default(z.coerce.number().check(z.positive(), z.maximum(100_000)), fallback);
}

/**
 * Environment variables every handler reads, validated once per container.
 * AWS endpoints are not here: the AWS SDK reads `AWS_ENDPOINT_URL_<SERVICE>`
 * (e.g. `AWS_ENDPOINT_URL_DYNAMODB`) itself, so the same bundle talks to AWS
 * or to local servers by configuration alone.
 */
export const environmentSchema = z.object({
  LUMCAST_USERS_TABLE: z.string().check(z.minLength(1)),
  LUMCAST_JOBS_TABLE: z.string().check(z.minLength(1)),
  LUMCAST_SERIES_TABLE: z.string().check(z.minLength(1)),
  /** The feeds table; only the API function reads it. */
  LUMCAST_FEEDS_TABLE: z.optional(z.string().check(z.minLength(1))),
  LUMCAST_AUDIO_BUCKET: z.string().check(z.minLength(1)),
  LUMCAST_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  LUMCAST_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
  LUMCAST_SCRIPT_WRITER: z.enum(['bedrock', 'offline']),
  LUMCAST_BEDROCK_MODEL_ID: z.optional(z.string().check(z.minLength(1))),
  LUMCAST_SPEECH: z.enum(['polly', 'local']),
  LUMCAST_MAX_CHUNK_CHARS: z._default(
    z.coerce.number().check(z.int(), z.minimum(200), z.maximum(3000)),
    3000,
  ),
  LUMCAST_URL_EXPIRY_SECONDS: z._default(
    z.coerce.number().check(z.int(), z.minimum(60), z.maximum(86_400)),
    900,
  ),
  /** The pacing table (`@lumcast/pacing`); required where Polly or Bedrock is called. */
  LUMCAST_PACING_TABLE: z.optional(z.string().check(z.minLength(1))),
  /** The account's Polly quota per engine, in SynthesizeSpeech requests per second. */
  LUMCAST_POLLY_STANDARD_TPS: providerRate(80),
  LUMCAST_POLLY_NEURAL_TPS: providerRate(8),
  LUMCAST_POLLY_GENERATIVE_TPS: providerRate(8),
  /** The account's Bedrock quota for the model, in requests per minute. */
  LUMCAST_BEDROCK_REQUESTS_PER_MINUTE: providerRate(200),
  /**
   * An operator's setting for a self-hosted run (the template never sets it): exact origins,
   * comma-separated, that source links may read although they resolve to loopback or private
   * addresses (`LinkSourceFetcher`'s `allowedOrigins`); none by default.
   */
  LUMCAST_SOURCE_ALLOWED_ORIGINS: z._default(allowedOriginsSchema, () => []),
});

/** Validated handler configuration. */
export type Environment = z.infer<typeof environmentSchema>;

/**
 * Reads and validates the handler configuration; throws with every missing or
 * invalid variable named, so a misconfigured function fails at cold start.
 *
 * @example
 * ```ts
 * const env = readEnvironment(process.env);
 * env.LUMCAST_JOBS_TABLE; // "lumcast-dev-jobs"
 * ```
 */
export function readEnvironment(source: Record<string, string | undefined>): Environment {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigurationError(`Invalid Lumcast function configuration: ${problems}`);
  }
  return parsed.data;
}
