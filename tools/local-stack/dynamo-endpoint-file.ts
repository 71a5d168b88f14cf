import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readCheckedJsonFile } from './checked-json-file';
import { writePrivateFileAtomically } from './private-files';

/**
 * The name of the file, in the local stack's data folder, that says where the running stack's
 * DynamoDB Local listens and which tables it has. Written once the stack has started, removed on
 * a clean stop; a file left by a stack that was killed names a process that no longer runs.
 */
export const DYNAMO_ENDPOINT_FILE = 'dynamodb-endpoint.json';

/**
 * The contents of {@link DYNAMO_ENDPOINT_FILE}, checked when read.
 */
export const dynamoEndpointSchema = z.object({
  /** `http://127.0.0.1:<port>` of the stack's DynamoDB Local (any region and credentials work). */
  endpoint: z.url({ protocol: /^https?$/ }),
  tables: z.object({
    users: z.string().min(1),
    jobs: z.string().min(1),
    series: z.string().min(1),
    feeds: z.string().min(1),
    /** The pacing table (absent from files written before it). */
    pacing: z.string().min(1).optional(),
  }),
  /** The process id of the local stack that wrote the file. */
  pid: z.number().int().positive(),
  /** When that stack started, ISO 8601. */
  startedAt: z.iso.datetime(),
});

/**
 * Where a running local stack's DynamoDB is, as {@link DYNAMO_ENDPOINT_FILE} records it.
 */
export type DynamoEndpointInfo = z.infer<typeof dynamoEndpointSchema>;

/**
 * The endpoint file exists but is not one a local stack wrote (not JSON, or not the schema).
 */
export class DynamoEndpointFileError extends Error {
  override readonly name = 'DynamoEndpointFileError';

  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${file} is not a local stack's DynamoDB endpoint file: ${detail}`, options);
  }
}

/**
 * The path of {@link DYNAMO_ENDPOINT_FILE} in a data folder.
 */
export function dynamoEndpointFilePath(dataDir: string): string {
  return path.join(dataDir, DYNAMO_ENDPOINT_FILE);
}

/**
 * Writes the endpoint file atomically (see `writePrivateFileAtomically`), mode 0600: a reader
 * sees the old file, the new one, or none — never half of one.
 */
export async function writeDynamoEndpointFile(
  dataDir: string,
  info: DynamoEndpointInfo,
): Promise<void> {
  const file = dynamoEndpointFilePath(dataDir);
  const checked = dynamoEndpointSchema.parse(info);
  await writePrivateFileAtomically(file, `${JSON.stringify(checked, null, 2)}\n`);
}

/**
 * Reads and checks the endpoint file; `undefined` when there is none (no local stack was started
 * on this data folder, or the last one stopped cleanly).
 *
 * @throws DynamoEndpointFileError when the file is there but malformed.
 * @example
 * ```ts
 * const info = await readDynamoEndpointFile('/repo/.lumcast');
 * if (info === undefined) console.error('the local stack is not running');
 * ```
 */
export async function readDynamoEndpointFile(
  dataDir: string,
): Promise<DynamoEndpointInfo | undefined> {
  const file = dynamoEndpointFilePath(dataDir);
  return readCheckedJsonFile(
    file,
    dynamoEndpointSchema,
    (detail, cause) => new DynamoEndpointFileError(file, detail, { cause }),
  );
}

/**
 * Removes the endpoint file if it still describes `endpoint` (a file another stack has written
 * since is left alone); a missing file is fine.
 */
export async function removeDynamoEndpointFile(dataDir: string, endpoint: string): Promise<void> {
  let current: DynamoEndpointInfo | undefined;
  try {
    current = await readDynamoEndpointFile(dataDir);
  } catch (error) {
    if (error instanceof DynamoEndpointFileError) return;
    throw error;
  }
  if (current?.endpoint === endpoint && current.pid === process.pid) {
    await rm(dynamoEndpointFilePath(dataDir), { force: true });
  }
}
