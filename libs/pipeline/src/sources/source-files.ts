// No Node built-in here: the dashboard reads these limits, and importing `node:crypto` would put
// a crypto polyfill in its bundle (the id maker is `./source-id.ts`).

/**
 * The file types a source upload may be, each with the ending its `sourceId` carries (so the
 * id alone says what the file claims to be, and the upload form pins that type).
 */
export const SOURCE_FILE_TYPES = Object.freeze({
  'application/pdf': 'pdf',
  'text/html': 'html',
  'text/markdown': 'md',
  'text/plain': 'txt',
} as const);

/** One of {@link SOURCE_FILE_TYPES}' media types. */
export type SourceFileType = keyof typeof SOURCE_FILE_TYPES;

/**
 * The most bytes a source upload may have: 10 MB (10 × 1024 × 1024), the same bound as a
 * source link's body.
 */
export const SOURCE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** How long an upload form stays valid: 15 minutes. */
export const SOURCE_UPLOAD_EXPIRY_SECONDS = 900;

/** A source id: `src-`, 128 random bits in base64url (22 characters), `.` and the type's ending. */
export const SOURCE_ID_PATTERN = /^src-[A-Za-z0-9_-]{22}\.(pdf|html|md|txt)$/;

/** Whether a value is one of {@link SOURCE_FILE_TYPES}' media types (exact, lower case). */
export function isSourceFileType(value: unknown): value is SourceFileType {
  return typeof value === 'string' && Object.hasOwn(SOURCE_FILE_TYPES, value);
}

/**
 * The media type a source id says its file is, or `undefined` for an id not of
 * {@link SOURCE_ID_PATTERN}.
 */
export function sourceFileTypeOf(sourceId: string): SourceFileType | undefined {
  const ending = SOURCE_ID_PATTERN.exec(sourceId)?.[1];
  return (Object.keys(SOURCE_FILE_TYPES) as SourceFileType[]).find(
    (type) => SOURCE_FILE_TYPES[type] === ending,
  );
}
