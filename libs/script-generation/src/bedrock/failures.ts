import { BedrockRuntimeServiceException } from '@aws-sdk/client-bedrock-runtime';
import { ModelRequestError } from '../errors';
import { isTransientNetworkError, transientErrorCode } from './transient-errors';

/** Bedrock error names worth retrying with backoff; every other service error is final. */
export const RETRYABLE_BEDROCK_ERRORS: ReadonlySet<string> = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelTimeoutException',
  'ModelNotReadyException',
  'InternalServerException',
]);

/**
 * A failure of a Bedrock call worth retrying, with the code to report. A Bedrock service
 * error is retryable when its name is in {@link RETRYABLE_BEDROCK_ERRORS}, its status is
 * 5xx or its fault is the server's; any other service error is thrown as a
 * {@link ModelRequestError} (`cause` kept). A transient network failure or client timeout
 * (`isTransientNetworkError`) or another error with a 5xx status is retryable; anything
 * else (a programming error) is rethrown unchanged.
 */
export function retryableFailure(error: unknown): { code: string; error: unknown } {
  if (error instanceof BedrockRuntimeServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (RETRYABLE_BEDROCK_ERRORS.has(error.name) || status >= 500 || error.$fault === 'server') {
      return { code: error.name, error };
    }
    throw new ModelRequestError(
      error.name,
      `Bedrock refused the script request (${error.name}): ${error.message}`,
      { cause: error },
    );
  }
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  if (isTransientNetworkError(error) || (status !== undefined && status >= 500)) {
    return {
      code: transientErrorCode(error),
      error,
    };
  }
  throw error;
}
