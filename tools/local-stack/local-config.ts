import path from 'node:path';
import { z } from 'zod';
import { allowedOriginsSchema } from '@lumcast/pipeline';
import { DEFAULT_HOST } from './host-check';
import { BEDROCK_MODEL_ID_PATTERN } from '@lumcast/script-generation';

/** What the local stack reads from its environment. */
export const localConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The address to listen on; loopback only unless set (see `./host-check.ts`). */
  HOST: z
    .string()
    .trim()
    .min(1)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'an address or host name')
    .optional(),
  LUMCAST_DATA_DIR: z.string().min(1).default('.lumcast'),
  LUMCAST_SCRIPT_WRITER: z.enum(['offline', 'bedrock']).default('offline'),
  LUMCAST_SPEECH: z.enum(['local', 'polly']).default('local'),
  LUMCAST_BEDROCK_MODEL_ID: z
    .string()
    .regex(BEDROCK_MODEL_ID_PATTERN, 'a Bedrock model or inference profile id')
    .optional(),
  LUMCAST_MAX_CHUNK_CHARS: z.coerce.number().int().min(200).max(3000).optional(),
  /** Exact private origins source links may read (see `allowedOriginsFrom` of `@lumcast/pipeline`). */
  LUMCAST_SOURCE_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const read = allowedOriginsSchema.safeParse(value);
      for (const issue of read.success ? [] : read.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message });
      }
    }),
  /**
   * `1` chose the engine while the in-process stack was the default; the engine is now the only
   * run, so `1` is still accepted and anything else is refused rather than silently ignored.
   */
  LUMCAST_ENGINE: z
    .literal('1', {
      error:
        'the in-process stack was removed; npm start always runs the engine (unset it, or set 1)',
    })
    .optional(),
});

/** The local stack's validated settings, with the data folder made absolute. */
export interface LocalConfig {
  port: number;
  /**
   * The address to listen on: `127.0.0.1` when not given. Any other value also widens the
   * accepted `Host` headers (see `hostHeaderCheck` in `./host-check.ts`).
   */
  host?: string;
  dataDir: string;
  scriptWriter: 'offline' | 'bedrock';
  speech: 'local' | 'polly';
  bedrockModelId?: string;
  maxChunkChars?: number;
  /** `LUMCAST_SOURCE_ALLOWED_ORIGINS` as given (checked), passed on to the functions. */
  sourceAllowedOrigins?: string;
}

/**
 * Reads the local stack's settings; throws naming each invalid variable.
 *
 * @example
 * ```ts
 * readLocalConfig({ PORT: '3210' }); // { port: 3210, host: '127.0.0.1', dataDir: '/repo/.lumcast', scriptWriter: 'offline', speech: 'local' }
 * ```
 */
export function readLocalConfig(
  source: Record<string, string | undefined>,
  cwd = process.cwd(),
): LocalConfig {
  const parsed = localConfigSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid local stack configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST ?? DEFAULT_HOST,
    dataDir: path.resolve(cwd, env.LUMCAST_DATA_DIR),
    scriptWriter: env.LUMCAST_SCRIPT_WRITER,
    speech: env.LUMCAST_SPEECH,
    bedrockModelId: env.LUMCAST_BEDROCK_MODEL_ID,
    maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
    sourceAllowedOrigins: env.LUMCAST_SOURCE_ALLOWED_ORIGINS,
  };
}

/**
 * The local stack's data folder alone, made absolute: `LUMCAST_DATA_DIR` (default `.lumcast`)
 * against `cwd`, without checking the other settings (for tools that only need to find it).
 */
export function localDataDir(
  source: Record<string, string | undefined>,
  cwd = process.cwd(),
): string {
  const parsed = localConfigSchema.shape.LUMCAST_DATA_DIR.safeParse(source['LUMCAST_DATA_DIR']);
  if (!parsed.success) {
    throw new Error(
      `Invalid local stack configuration: LUMCAST_DATA_DIR: ${parsed.error.issues[0]?.message}`,
    );
  }
  return path.resolve(cwd, parsed.data);
}
