import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured JSON logger of one function (Powertools). Steps append the
 * `jobId` key so every line of a job's work carries it.
 *
 * @example
 * ```ts
 * const logger = createLogger('callback');
 * logger.appendKeys({ jobId });
 * ```
 */
export function createLogger(functionName: string): Logger {
  return new Logger({ serviceName: 'lumcast', persistentKeys: { function: functionName } });
}
