/**
 * What the engine run reads of the synthesized app and gives it: each function's environment from
 * npm start's settings, the template's table and bucket names, and the dead-letter file's keeper.
 */
import type { AwsEmulatorOptions, FunctionSpec } from '@lumcast/aws-emulator';
import { createLogger } from '@lumcast/pipeline';
import { keepDeadLetter } from './dead-letter-sink';
import type { LocalConfig } from './local-config';
import type { LocalTableNames } from './tables';

/**
 * What the configuration selects, in every function's environment over the template's (AWS's:
 * Bedrock and Polly): the offline writer and espeak-ng by default, which the bundles run
 * themselves (the write-script function picks its writer with `scriptWriterFrom`).
 */
export function functionEnvironment(
  config: LocalConfig,
  overrides: Record<string, string> = {},
): (fn: FunctionSpec) => Record<string, string> {
  const environment: Record<string, string> = {
    LUMCAST_SPEECH: config.speech,
    LUMCAST_SCRIPT_WRITER: config.scriptWriter,
    // Links on the run's own origin are path-style (`<origin>/<bucket>/<key>`): see `publicS3Url`.
    LUMCAST_S3_PATH_STYLE: 'true',
    ...(config.bedrockModelId === undefined
      ? {}
      : { LUMCAST_BEDROCK_MODEL_ID: config.bedrockModelId }),
    ...(config.maxChunkChars === undefined
      ? {}
      : { LUMCAST_MAX_CHUNK_CHARS: String(config.maxChunkChars) }),
    ...(config.sourceAllowedOrigins === undefined
      ? {}
      : { LUMCAST_SOURCE_ALLOWED_ORIGINS: config.sourceAllowedOrigins }),
    ...overrides,
  };
  return () => environment;
}

/**
 * What the run keeps of the messages a consumer leaves on a queue with no redrive policy (the job
 * DLQ, whose consumer leaves a message naming no readable job): each message once, in the
 * dead-letter file, as the in-process stack's sink keeps it (`./dead-letter-sink.ts`). A message
 * left on a queue with a redrive policy moves on to its DLQ, so is not kept here.
 */
export function deadLetterFile(file: string): NonNullable<AwsEmulatorOptions['onMessagesLeft']> {
  const logger = createLogger('local-stack');
  const kept = new Set<string>();
  return (queue, messages) => {
    if (queue.redrive) return;
    for (const { messageId, body, receiveCount } of messages) {
      if (kept.has(messageId)) continue;
      kept.add(messageId);
      keepDeadLetter(file, { messageId, body, receiveCount }, logger).catch((error: unknown) =>
        logger.error('the dead-letter file could not be written', { error, file }),
      );
    }
  };
}

/** The bucket the functions keep episodes and uploads in. */
export function bucketName(functions: readonly FunctionSpec[]): string {
  const bucket = functions.map((fn) => fn.environment['LUMCAST_AUDIO_BUCKET']).find(Boolean);
  if (!bucket) throw new Error('No function of the synthesized app has LUMCAST_AUDIO_BUCKET');
  return bucket;
}

/** The table names the functions are configured with (the quota command reads the same tables). */
export function tableNames(functions: readonly FunctionSpec[]): LocalTableNames {
  const variable = (name: string): string => {
    const value = functions.map((fn) => fn.environment[name]).find(Boolean);
    if (!value) throw new Error(`No function of the synthesized app has ${name}`);
    return value;
  };
  return {
    users: variable('LUMCAST_USERS_TABLE'),
    jobs: variable('LUMCAST_JOBS_TABLE'),
    series: variable('LUMCAST_SERIES_TABLE'),
    feeds: variable('LUMCAST_FEEDS_TABLE'),
    pacing: variable('LUMCAST_PACING_TABLE'),
  };
}
