import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JobsTable } from '@lumcast/pipeline';
import { PayloadTooLargeError, toApiGatewayEvent } from './api-gateway-event';
import { serveDashboard } from './dashboard-route';
import type { FileObjectStore } from './file-object-store';
import type { LocalEpisodeLinks } from './local-episode-links';
import { LOCAL_UPLOAD_PATH, type LocalSourceUploads } from './local-source-uploads';
import { receiveSourceUpload } from './source-upload-route';
import {
  answeringFailures,
  isApiPath,
  sendJson,
  sendMisdirected,
  sendPayloadTooLarge,
} from './send-json';
import { sendFile } from './static-files';

/** What the local server routes requests to. */
export interface RequestListenerDeps {
  api: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
  jobs: JobsTable;
  links: LocalEpisodeLinks;
  uploads: LocalSourceUploads;
  store: FileObjectStore;
  dashboardDir: string;
  /** Whether a request's `Host` header names this server (see `./host-check.ts`). */
  acceptsHost: (hostHeader: string | undefined) => boolean;
}

const EPISODE_ASSET = /^\/api\/podcasts\/([^/]+)\/(audio|captions)$/;

export { LOCAL_DASHBOARD_CONFIG } from './dashboard-route';

/**
 * The local server's routes, one origin like CloudFront in AWS. A request whose `Host` is not
 * this server's answers 421 before anything else (DNS-rebinding defence). Then:
 * `/api/podcasts/{id}/audio|captions` (signed, owner-only links, with Range; 403 for a link that
 * does not verify or has expired, 404 for a verified one whose episode is not ready),
 * `POST /api/sources/upload` (a signed upload form's file, as S3's POST Object takes it),
 * `/api/*` and the public feeds `/feeds/*` (the same `api` handler as Lambda, through an API
 * Gateway v2 event), `/config.json`, and the dashboard's static export for the rest, with the
 * dashboard's security headers (`./dashboard-headers.ts`).
 *
 * @example
 * ```ts
 * const acceptsHost = hostHeaderCheck({ host: '127.0.0.1', port: () => 3000 });
 * createServer(createRequestListener({ api, jobs, links, uploads, store, dashboardDir, acceptsHost })).listen(3000, '127.0.0.1');
 * ```
 */
export function createRequestListener(deps: RequestListenerDeps): RequestListener {
  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // First, before identity, links or files: a foreign Host is a DNS-rebinding page or a
    // request meant for another server.
    if (!deps.acceptsHost(request.headers.host)) return sendMisdirected(response);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();

    const asset = EPISODE_ASSET.exec(url.pathname);
    if (asset && (method === 'GET' || method === 'HEAD')) {
      const [, jobId, kind] = asset as unknown as [string, string, 'audio' | 'captions'];
      const link = deps.links.verify(jobId, kind, url.searchParams);
      // As S3 answers a presigned URL it cannot verify: 403, before anything is read.
      if (!link)
        return sendJson(response, 403, {
          error: {
            code: 'access_denied',
            message: 'The link is not valid or has expired; ask for the episode again.',
          },
        });
      const job = await deps.jobs.get(link.userId, jobId);
      const key = kind === 'audio' ? job?.audioKey : job?.captionsKey;
      if (!job || job.status !== 'ready' || !key)
        return sendJson(response, 404, {
          error: { code: 'not_found', message: 'No such episode file.' },
        });
      return sendFile(response, deps.store.pathOf(key), request.headers.range, {
        'cache-control': 'private, max-age=300',
      });
    }

    if (method === 'POST' && url.pathname === LOCAL_UPLOAD_PATH) {
      return receiveSourceUpload(request, response, { uploads: deps.uploads, store: deps.store });
    }

    if (isApiPath(url.pathname)) {
      let event: APIGatewayProxyEventV2;
      try {
        event = await toApiGatewayEvent(request, url);
      } catch (error) {
        if (error instanceof PayloadTooLargeError)
          return sendPayloadTooLarge(response, error.message);
        throw error;
      }
      const result = await deps.api(event);
      response.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
      // Binary answers (a feed's cover, chapters) come base64-encoded, as API Gateway takes them.
      response.end(
        result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''),
      );
      return;
    }

    return serveDashboard(request, response, url, deps.dashboardDir);
  }

  return answeringFailures(route);
}
