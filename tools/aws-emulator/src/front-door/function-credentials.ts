import { createHash, createHmac } from 'node:crypto';
import type { FunctionSpec } from '../template/synthesized-app';

/** One digest of `label`: keyed by `secret` (HMAC-SHA256) when given, else plain SHA-256. */
function digest(label: string, secret: Uint8Array | undefined): Buffer {
  return secret === undefined
    ? createHash('sha256').update(label).digest()
    : createHmac('sha256', secret).update(label).digest();
}

/**
 * A stable local access key per function, so every call is attributed to its role: the front
 * doors know each function's key id, secret and session token, and the function's SDK signs with
 * them (its Lambda environment's `AWS_ACCESS_KEY_ID`, ...). Without `secret` they follow from the
 * logical id alone, the same on every run anywhere; with one (a run's own key, kept across its
 * restarts) they are derived from it by HMAC-SHA256, so what a function signs (a presigned link,
 * a POST form) verifies only on a run holding the same key.
 *
 * @example
 * ```ts
 * const { accessKeyId } = credentialsFor(app.functions[0]); // 'ASIA…', the same on every run
 * ```
 */
export function credentialsFor(
  fn: FunctionSpec,
  secret?: Uint8Array,
): {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
} {
  return {
    accessKeyId: `ASIA${digest(fn.logicalId, secret).toString('hex').toUpperCase().slice(0, 16)}`,
    secretAccessKey: digest(`secret:${fn.logicalId}`, secret).toString('base64').slice(0, 40),
    sessionToken: digest(`session:${fn.logicalId}`, secret).toString('base64'),
  };
}
