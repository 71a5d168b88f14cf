import { readFile } from 'node:fs/promises';
import {
  DASHBOARD_SECURITY_HEADERS,
  dashboardContentSecurityPolicy,
  inlineScriptHashes,
} from '@lumcast/pipeline';

/**
 * The security headers of a file of the dashboard's static export, as CloudFront's response
 * headers policy sends them in AWS: `nosniff`, no framing, no referrer, and the dashboard's
 * Content-Security-Policy (`dashboardContentSecurityPolicy`: everything from this origin only,
 * `frame-ancestors 'none'`). An HTML page's policy lists the hashes of its own inline scripts
 * (Next's export inlines a few), read from the file as it is served, so it runs those and no
 * other inline script; on this one origin the API, the audio and the uploads are all `'self'`.
 */
export async function dashboardHeaders(file: string): Promise<Record<string, string>> {
  const scriptHashes = file.endsWith('.html')
    ? inlineScriptHashes(await readFile(file, 'utf8'))
    : [];
  return {
    ...DASHBOARD_SECURITY_HEADERS,
    'content-security-policy': dashboardContentSecurityPolicy({ scriptHashes }),
  };
}
