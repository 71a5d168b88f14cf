import { randomBytes } from 'node:crypto';
import { SOURCE_FILE_TYPES, type SourceFileType } from './source-files';

/**
 * A new, unguessable source id for a file of `type` (128 bits from the system's CSPRNG and the
 * type's ending, `SOURCE_ID_PATTERN`). Kept apart from `./source-files.ts`, which the dashboard
 * reads, so that no browser bundle pulls in `node:crypto`.
 */
export function newSourceId(
  type: SourceFileType,
  random: (bytes: number) => Buffer = randomBytes,
): string {
  return `src-${random(16).toString('base64url')}.${SOURCE_FILE_TYPES[type]}`;
}
