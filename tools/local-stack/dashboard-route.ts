import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DASHBOARD_SECURITY_HEADERS } from '@lumcast/pipeline';
import { dashboardHeaders } from './dashboard-headers';
import { sendJson } from './send-json';
import { resolveStaticFile, sendFile } from './static-files';

/** The dashboard's static export (`nx run dashboard:build`), served at `/`. */
export const DASHBOARD_EXPORT_DIR = path.resolve(__dirname, '../../apps/dashboard/out');

/** The runtime configuration the dashboard reads at start: local identity (the dev user picker). */
export const LOCAL_DASHBOARD_CONFIG = Object.freeze({ identity: 'local' });

/**
 * What is not the API, as CloudFront and the site bucket answer it: 405 for a method other than
 * GET and HEAD, `/config.json`, the dashboard's static export (resolved inside `dashboardDir`,
 * with the dashboard's security headers), and its `404.html` with a real 404 for the rest.
 */
export async function serveDashboard(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  dashboardDir: string,
): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return sendJson(response, 405, {
      error: { code: 'method_not_allowed', message: `${method} is not allowed here.` },
    });
  }
  if (url.pathname === '/config.json')
    return sendJson(response, 200, LOCAL_DASHBOARD_CONFIG, DASHBOARD_SECURITY_HEADERS);

  // The dashboard's files carry its security headers (CSP, nosniff, no framing, no referrer).
  const file = await resolveStaticFile(dashboardDir, url.pathname);
  if (file)
    return sendFile(response, file, undefined, {
      ...(await dashboardHeaders(file)),
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
    });
  const notFound = await resolveStaticFile(dashboardDir, '/404.html');
  if (notFound)
    return sendFile(
      response,
      notFound,
      undefined,
      { ...(await dashboardHeaders(notFound)), 'cache-control': 'no-cache' },
      404,
    );
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(
    url.pathname === '/'
      ? `The dashboard is not built (${dashboardDir} is missing). "npm start" builds it; the API is at /api.`
      : 'Not found',
  );
}
