import { objectKeys } from '../../ports/object-store';
import { SOURCE_FILE_MAX_BYTES, SOURCE_UPLOAD_EXPIRY_SECONDS } from '../../sources/source-files';
import { newSourceId } from '../../sources/source-id';
import { json } from '../http';
import { requestBodyText } from '../request-body';
import type { Route, RouteDeps } from '../route';
import { parseSourceRequest } from '../source-request';

/**
 * `POST /api/sources` with `{ "contentType": "application/pdf" }`: a new source id and a form to
 * upload the file with, answered 201 `{ sourceId, uploadUrl, uploadFields, maxBytes, expiresAt }`.
 * The caller POSTs `multipart/form-data` to `uploadUrl` with every `uploadFields` entry, then the
 * file as the field `file` (last), within `maxBytes` and before `expiresAt`; then
 * `POST /api/podcasts` with the `sourceId`. Nothing is charged or stored here: the file is under
 * the caller's own key (`sources/<userId>/<sourceId>`), so no one else's id can name it.
 *
 * @example
 * ```ts
 * const response = await createSourceRoute(deps)(userId, event, match); // 201 { sourceId, uploadUrl, … }
 * ```
 */
export function createSourceRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const { contentType } = parseSourceRequest(requestBodyText(event));
    const sourceId = newSourceId(contentType);
    const form = await deps.uploads.formFor({
      key: objectKeys.source(userId, sourceId),
      contentType,
      maxBytes: SOURCE_FILE_MAX_BYTES,
      expiresInSeconds: SOURCE_UPLOAD_EXPIRY_SECONDS,
    });
    const expiresAt = new Date(
      deps.now().getTime() + SOURCE_UPLOAD_EXPIRY_SECONDS * 1000,
    ).toISOString();
    deps.logger.info('source upload form made', { sourceId, contentType });
    return json(201, {
      sourceId,
      uploadUrl: form.url,
      uploadFields: form.fields,
      maxBytes: SOURCE_FILE_MAX_BYTES,
      expiresAt,
    });
  };
}
