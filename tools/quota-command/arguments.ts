import { parseArgs } from 'node:util';
import {
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
  PLANS,
  QUOTA_KEY_PREFIXES,
  isPlan,
} from '@lumcast/quota';
import { z } from 'zod';
import { QuotaUsageError } from './errors';

/**
 * The most slots one grant may give: the ledger's own bound (`grant` refuses more with
 * `QuotaInputError`); checked here too so such a command line is a usage error.
 */
export const MAX_GRANT_SLOTS = 100_000;

/**
 * One subcommand of the quota operator command, validated.
 */
export type QuotaCommand =
  | { readonly name: 'show'; readonly userId: string; readonly jobId?: string }
  | {
      readonly name: 'grant';
      readonly userId: string;
      readonly slots: number;
      readonly operationId: string;
    }
  | { readonly name: 'refund'; readonly userId: string; readonly jobId: string }
  | { readonly name: 'set-plan'; readonly userId: string; readonly plan: string };

/**
 * Which users table to use: absent fields fall back to the environment (see `connectToUsersTable`).
 */
export interface TargetFlags {
  readonly table?: string;
  readonly endpoint?: string;
  readonly dataDir?: string;
}

/**
 * A parsed command line: a command to run, or a request for the usage text.
 */
export type ParsedQuotaArguments =
  | {
      readonly kind: 'run';
      readonly command: QuotaCommand;
      readonly target: TargetFlags;
      readonly json: boolean;
    }
  | { readonly kind: 'help' };

const SUBCOMMANDS = ['show', 'grant', 'refund', 'set-plan'] as const;

const FLAGS = {
  user: { type: 'string' },
  job: { type: 'string' },
  slots: { type: 'string' },
  operation: { type: 'string' },
  plan: { type: 'string' },
  table: { type: 'string' },
  endpoint: { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const required = (issue: { input: unknown }): string =>
  issue.input === undefined ? 'is required' : 'must be a value';

function id(maxBytes: number) {
  return z
    .string({ error: required })
    .refine((value) => value.trim().length > 0, 'must not be empty')
    .refine(
      (value) => Buffer.byteLength(value, 'utf8') <= maxBytes,
      `must be at most ${maxBytes} UTF-8 bytes`,
    );
}

const userId = id(MAX_USER_ID_BYTES).refine(
  (value) => !Object.values(QUOTA_KEY_PREFIXES).some((prefix) => value.startsWith(prefix)),
  `must not start with ${Object.values(QUOTA_KEY_PREFIXES).join(' or ')} (the ledger's own keys)`,
);
const jobId = id(MAX_JOB_ID_BYTES);

const slots = z
  .string({ error: required })
  .regex(/^[0-9]+$/, 'must be a whole number of slots')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(MAX_GRANT_SLOTS, `must be at most ${MAX_GRANT_SLOTS}`),
  );

const plan = z
  .string({ error: required })
  .refine(isPlan, `must be one of ${Object.keys(PLANS).join(', ')}`);

const target = {
  table: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name (3-255 of A-Z a-z 0-9 _ . -)')
    .optional(),
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  'data-dir': z.string().min(1, 'must not be empty').optional(),
  json: z.boolean().optional(),
};

type TargetInput = { table?: string; endpoint?: string; 'data-dir'?: string; json?: boolean };

function withTarget(command: QuotaCommand, flags: TargetInput) {
  const targetFlags: TargetFlags = {
    ...(flags.table === undefined ? {} : { table: flags.table }),
    ...(flags.endpoint === undefined ? {} : { endpoint: flags.endpoint }),
    ...(flags['data-dir'] === undefined ? {} : { dataDir: flags['data-dir'] }),
  };
  return { kind: 'run' as const, command, target: targetFlags, json: flags.json === true };
}

const schemas = {
  show: z
    .strictObject({ user: userId, job: jobId.optional(), ...target })
    .transform((f) =>
      withTarget(
        f.job === undefined
          ? { name: 'show', userId: f.user }
          : { name: 'show', userId: f.user, jobId: f.job },
        f,
      ),
    ),
  grant: z
    .strictObject({ user: userId, slots, operation: id(MAX_JOB_ID_BYTES), ...target })
    .transform((f) =>
      withTarget({ name: 'grant', userId: f.user, slots: f.slots, operationId: f.operation }, f),
    ),
  refund: z
    .strictObject({ user: userId, job: jobId, ...target })
    .transform((f) => withTarget({ name: 'refund', userId: f.user, jobId: f.job }, f)),
  'set-plan': z
    .strictObject({ user: userId, plan, ...target })
    .transform((f) => withTarget({ name: 'set-plan', userId: f.user, plan: f.plan }, f)),
} as const;

/**
 * Parses and validates the command line (the arguments after `--`): one subcommand, then
 * `--flag value` or `--flag=value` pairs, each flag at most once and only where it applies.
 * Nothing is connected to here.
 *
 * @throws QuotaUsageError naming every problem, on one line.
 */
export function parseQuotaArguments(argv: readonly string[]): ParsedQuotaArguments {
  const { values, positionals, optionNames } = tokenize(argv);
  if (values.help || positionals[0] === 'help') return { kind: 'help' };

  const [name, ...extra] = positionals;
  if (name === undefined)
    throw new QuotaUsageError(`a command is required: ${SUBCOMMANDS.join(', ')}`);
  if (!isSubcommand(name)) {
    throw new QuotaUsageError(
      `unknown command ${JSON.stringify(name)}: use one of ${SUBCOMMANDS.join(', ')}`,
    );
  }
  if (extra.length > 0) {
    throw new QuotaUsageError(
      `unexpected argument ${JSON.stringify(extra[0])} (flags are --name value)`,
    );
  }
  const seen = new Set<string>();
  for (const option of optionNames) {
    if (seen.has(option)) throw new QuotaUsageError(`--${option} is given more than once`);
    seen.add(option);
  }

  const result = schemas[name].safeParse(values);
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => `--${key} is not a flag of this command`)
        : [`--${String(issue.path[0] ?? '?')} ${issue.message}`],
    );
    throw new QuotaUsageError(`${name}: ${problems.join('; ')}`);
  }
  return result.data;
}

function tokenize(argv: readonly string[]): {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  optionNames: string[];
} {
  try {
    const { values, positionals, tokens } = parseArgs({
      args: [...argv],
      options: FLAGS,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    const optionNames = tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []));
    return { values: { ...values }, positionals, optionNames };
  } catch (error) {
    throw new QuotaUsageError((error as Error).message.split('\n')[0] ?? 'bad command line');
  }
}

function isSubcommand(name: string): name is (typeof SUBCOMMANDS)[number] {
  return (SUBCOMMANDS as readonly string[]).includes(name);
}
