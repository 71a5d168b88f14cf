import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

/**
 * Reads a JSON file the local stack wrote and checks it against `schema`: `undefined` when the
 * file does not exist; `invalid(detail, cause)` is thrown when it is not JSON or not the schema
 * (detail: `not JSON`, or every problem as `path: message`).
 */
export async function readCheckedJsonFile<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  invalid: (detail: string, cause?: unknown) => Error,
): Promise<z.infer<Schema> | undefined> {
  const text = await readTextIfExists(file);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid('not JSON', error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw invalid(problems.join('; '));
  }
  return parsed.data;
}

/**
 * A file's text, or `undefined` when it does not exist (any other failure is thrown).
 */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
