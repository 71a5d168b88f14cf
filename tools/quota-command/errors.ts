/**
 * The command line was wrong (unknown subcommand, a missing, repeated, unknown or invalid flag):
 * found before any connection is made, so nothing was read or written. Exit code 2.
 */
export class QuotaUsageError extends Error {
  override readonly name = 'QuotaUsageError';
}

/**
 * The command cannot find or reach the users table it was pointed at: the local stack is not
 * running (no endpoint file, or one left by a stopped process), the file is malformed, or no
 * region is configured for DynamoDB in AWS. Nothing was written. Exit code 1.
 */
export class QuotaTargetError extends Error {
  override readonly name = 'QuotaTargetError';
}
