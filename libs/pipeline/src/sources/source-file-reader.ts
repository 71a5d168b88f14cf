import { ObjectNotFoundError, SourceFileError, SourceLinkError } from '../errors';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { SOURCE_FILE_MAX_BYTES, sourceFileTypeOf } from './source-files';

/**
 * The text of a user's uploaded source file, read once by the script step: the object at
 * `sources/<userId>/<sourceId>` (the caller's own key, so no other user's upload can be named),
 * read as the type its id says. A text file (HTML, Markdown, plain) must be UTF-8 without NUL
 * bytes, a PDF must open in PDF.js; then `extractSourceText` reads it as a source link's body is
 * read (loaded on first use, as for links).
 *
 * @throws SourceFileError with `problem` `missing` (never uploaded, or expired), `too_big`,
 *   `unsupported_type` (an id of no known type), `mismatched_type` or `no_text`.
 */
export async function readSourceFile(
  store: ObjectStore,
  userId: string,
  sourceId: string,
): Promise<string> {
  const type = sourceFileTypeOf(sourceId);
  if (!type) throw new SourceFileError('unsupported_type', `Source id ${sourceId} is of no type.`);
  let bytes: Uint8Array;
  try {
    bytes = await store.get(objectKeys.source(userId, sourceId));
  } catch (error) {
    if (error instanceof ObjectNotFoundError) {
      throw new SourceFileError('missing', `No file was uploaded as ${sourceId}.`, {
        cause: error,
      });
    }
    throw error;
  }
  if (bytes.byteLength > SOURCE_FILE_MAX_BYTES) {
    throw new SourceFileError('too_big', `${sourceId} is over ${SOURCE_FILE_MAX_BYTES} bytes.`);
  }
  if (type !== 'application/pdf' && !isUtf8Text(bytes)) {
    throw new SourceFileError('mismatched_type', `${sourceId} is not ${type} in UTF-8.`);
  }
  const { extractSourceText } = await import('./source-text-extraction');
  try {
    return await extractSourceText(bytes, `${type}; charset=utf-8`);
  } catch (error) {
    if (error instanceof SourceLinkError && isFileProblem(error.problem)) {
      throw new SourceFileError(error.problem, `${sourceId}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function isFileProblem(
  problem: string,
): problem is 'unsupported_type' | 'mismatched_type' | 'no_text' {
  return problem === 'unsupported_type' || problem === 'mismatched_type' || problem === 'no_text';
}
