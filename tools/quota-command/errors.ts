/**
 * The command line was wrong (unknown subcommand, a missing, repeated, unknown or invalid flag):
 * found before any connection is made, so nothing was read or written. Exit code 2.
 *
 * @example
 * ```ts
 * try {
 *   parseQuotaArguments(['grant', '--user', 'alice']);
 * } catch (error) {
 *   if (error instanceof QuotaUsageError) console.error(error.message); // '--slots is required; …'
 * }
 * ```
 */
export class QuotaUsageError extends Error {
  override readonly name = 'QuotaUsageError';
}

/**
 * The command cannot find or reach the users table it was pointed at: the local stack is not
 * running (no endpoint file, or one left by a stopped process), the file is malformed, or no
 * region is configured for DynamoDB in AWS. Nothing was written. Exit code 1.
 *
 * @example
 * ```ts
 * await connectToUsersTable({ dataDir: '/tmp/empty' }, process.env, process.cwd()); // rejects: the local stack is not running
 * ```
 */
export class QuotaTargetError extends Error {
  override readonly name = 'QuotaTargetError';
}
