import { createHash } from 'node:crypto';
import type { FunctionSpec } from '../template/synthesized-app';

/**
 * A stable local access key per function, so every call is attributed to its role: the front
 * doors know each function's key id, secret and session token, and the function's SDK signs with
 * them (its Lambda environment's `AWS_ACCESS_KEY_ID`, ...).
 *
 * @example
 * ```ts
 * const { accessKeyId } = credentialsFor(app.functions[0]); // 'ASIA…', the same on every run
 * ```
 */
export function credentialsFor(fn: FunctionSpec): {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
} {
  const digest = createHash('sha256').update(fn.logicalId).digest('hex').toUpperCase();
  return {
    accessKeyId: `ASIA${digest.slice(0, 16)}`,
    secretAccessKey: createHash('sha256')
      .update(`secret:${fn.logicalId}`)
      .digest('base64')
      .slice(0, 40),
    sessionToken: createHash('sha256').update(`session:${fn.logicalId}`).digest('base64'),
  };
}
