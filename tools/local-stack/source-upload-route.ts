import type { IncomingMessage, ServerResponse } from 'node:http';
import { SOURCE_FILE_MAX_BYTES } from '@lumcast/pipeline';
import { PayloadTooLargeError, readBody } from './api-gateway-event';
import type { FileObjectStore } from './file-object-store';
import type { LocalSourceUploads } from './local-source-uploads';
import { onlyValue } from './signed-fields';

/** Room for the form's other fields and part headers beside the biggest file allowed. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** An answer of the upload route: its status and error code (none on success). */
type UploadAnswer = { status: 204 } | { status: 400 | 403 | 413; code: string; message: string };

/**
 * `POST /api/sources/upload`, the local stand-in for S3's POST Object: a `multipart/form-data`
 * body with a {@link LocalSourceUploads} form's fields and the file as `file`. It keeps the file
 * only when the form verifies (403 otherwise, or once expired), its `Content-Type` field is the
 * form's, and the file has 1 to `maxBytes` bytes (413 past it — a body over the largest form
 * is refused from its `Content-Length`, unread — 400 for an empty or missing file); then 204,
 * as S3 answers by default.
 */
export async function receiveSourceUpload(
  request: IncomingMessage,
  response: ServerResponse,
  deps: { uploads: LocalSourceUploads; store: FileObjectStore },
): Promise<void> {
  const answer = await keepUpload(request, deps);
  if (answer.status === 204) {
    response.writeHead(204, { 'cache-control': 'no-store' });
    response.end();
    return;
  }
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(answer.status === 413 ? { connection: 'close' } : {}),
  });
  response.end(JSON.stringify({ error: { code: answer.code, message: answer.message } }));
}

async function keepUpload(
  request: IncomingMessage,
  deps: { uploads: LocalSourceUploads; store: FileObjectStore },
): Promise<UploadAnswer> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(type)) {
    return {
      status: 400,
      code: 'not_a_form',
      message: 'Send the upload form as multipart/form-data.',
    };
  }
  let body: Buffer;
  try {
    body = await readBody(request, SOURCE_FILE_MAX_BYTES + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return tooBig(SOURCE_FILE_MAX_BYTES);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    }).formData();
  } catch {
    return { status: 400, code: 'not_a_form', message: 'The upload form could not be read.' };
  }
  // A field given twice is not the form that was signed: it answers undefined, as if absent.
  const field = (name: string) => onlyValue(form.getAll(name));
  const upload = deps.uploads.verify(field);
  if (!upload) {
    return {
      status: 403,
      code: 'access_denied',
      message: 'The upload form is not valid or has expired; ask POST /api/sources for a new one.',
    };
  }
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) {
    return { status: 400, code: 'no_file', message: 'The form has no file (field "file").' };
  }
  if (file.size > upload.maxBytes) return tooBig(upload.maxBytes);
  await deps.store.put(upload.key, new Uint8Array(await file.arrayBuffer()), upload.contentType);
  return { status: 204 };
}

function tooBig(maxBytes: number): UploadAnswer {
  return {
    status: 413,
    code: 'too_big',
    message: `The file is over ${maxBytes} bytes (10 MB).`,
  };
}
