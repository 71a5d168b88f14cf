import { QuotaError, QuotaLedger } from '@lumcast/quota';
import { parseQuotaArguments } from './arguments';
import { runCommand } from './commands';
import { QuotaTargetError, QuotaUsageError } from './errors';
import { formatOutcome, formatOutcomeJson } from './format';
import { connectToUsersTable, type UsersTableConnection } from './store-connection';
import { QUOTA_USAGE } from './usage-text';

/**
 * Where the command writes and what it reads its configuration from (the process's own in
 * `main.ts`; a test passes its own).
 */
export interface QuotaCommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory a relative data folder is taken from (default `process.cwd()`). */
  readonly cwd?: string;
}

/**
 * The quota operator command: parses `argv` (the arguments after `--`), connects to the users
 * table (the running local stack by default, or DynamoDB in AWS by configuration), runs one of
 * `show`, `grant`, `refund`, `set-plan` on the quota ledger with the user's own plan's limit,
 * and prints the result. Returns the exit code: 0 done, 1 the target, the ledger or DynamoDB
 * failed (a one-line message on stderr), 2 a bad command line (the message and the usage on
 * stderr; nothing was connected to, read or written).
 *
 * @example
 * ```ts
 * const code = await runQuotaCommand(['show', '--user', 'alice'], {
 *   stdout: process.stdout,
 *   stderr: process.stderr,
 *   env: process.env,
 * });
 * process.exitCode = code;
 * ```
 */
export async function runQuotaCommand(
  argv: readonly string[],
  io: QuotaCommandIo,
): Promise<number> {
  const usageError = (error: QuotaUsageError): number => {
    io.stderr.write(`quota: ${error.message}\n\n${QUOTA_USAGE}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseQuotaArguments(argv);
  } catch (error) {
    if (error instanceof QuotaUsageError) return usageError(error);
    throw error;
  }
  if (parsed.kind === 'help') {
    io.stdout.write(`${QUOTA_USAGE}\n`);
    return 0;
  }

  let store: UsersTableConnection | undefined;
  try {
    store = await connectToUsersTable(parsed.target, io.env, io.cwd ?? process.cwd());
    const ledger = new QuotaLedger({ client: store.client, tableName: store.tableName });
    const outcome = await runCommand(ledger, parsed.command);
    io.stdout.write(parsed.json ? formatOutcomeJson(outcome) : formatOutcome(outcome));
    return 0;
  } catch (error) {
    if (error instanceof QuotaUsageError) return usageError(error);
    io.stderr.write(`quota: ${describeFailure(error, store).replace(/\s*\n\s*/g, ' ')}\n`);
    return 1;
  } finally {
    store?.close();
  }
}

const UNREACHABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'];

function describeFailure(error: unknown, store: UsersTableConnection | undefined): string {
  if (error instanceof QuotaTargetError) return error.message;
  if (error instanceof QuotaError) return `${error.name}: ${error.message}`;
  const unreachable = unreachableCode(error);
  if (unreachable !== undefined && store !== undefined) {
    return `could not reach ${store.description}: ${unreachable}`;
  }
  if (error instanceof Error) {
    return `${error.name}: ${error.message}${store === undefined ? '' : ` (on ${store.description})`}`;
  }
  return String(error);
}

/**
 * The network error code behind a failed send, if it is one. The SDK keeps the socket error's
 * `code`, except when the error comes from another realm (as under Jest), where only its text
 * survives in the message.
 */
function unreachableCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && UNREACHABLE_CODES.includes(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return UNREACHABLE_CODES.find((candidate) => message.includes(candidate));
}
