import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { renderRequestSchema, type RenderRequest } from '../contract/render-bodies';
import type { JobRecord } from '../jobs/job';
import { apiError } from './http';

/**
 * Parses a `POST /api/podcasts/{jobId}/render` body (raw text) against `renderRequestSchema`:
 * the request, or the 400 `invalid_field` naming the field at fault (`body`, `version`, or an
 * unknown one).
 *
 * @example
 * ```ts
 * parseRenderRequest('{"version":2}'); // { ok: true, request: { version: 2 } }
 * ```
 */
export function parseRenderRequest(
  rawBody: string | undefined,
):
  | { ok: true; request: RenderRequest }
  | { ok: false; response: APIGatewayProxyStructuredResultV2 } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    const response = apiError(400, 'invalid_field', 'The body must be a JSON object.', {
      field: 'body',
    });
    return { ok: false, response };
  }
  const parsed = renderRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0] as (typeof parsed.error.issues)[number];
  const unknownKey = 'keys' in issue ? (issue.keys as string[])[0] : undefined;
  const field = String(issue.path[0] ?? unknownKey ?? 'body');
  const response = apiError(400, 'invalid_field', `${field}: ${issue.message}.`, { field });
  return { ok: false, response };
}

/**
 * The 409 of a job that cannot render `version` now, or undefined: `render_in_progress` while a
 * render runs; `not_renderable` unless it is `script_ready` (a first render) or `ready` (a
 * re-render); `stale_version` (with `latestVersion`) unless `version` is its latest script
 * version; `already_rendered` when a ready job already serves that version's audio.
 */
export function renderConflict(
  job: JobRecord,
  version: number,
): APIGatewayProxyStructuredResultV2 | undefined {
  const { jobId } = job;
  if (job.activeRender !== undefined) {
    return apiError(
      409,
      'render_in_progress',
      `Podcast ${jobId} is already rendering version ${job.activeRender.version}; wait for it to finish.`,
      { renderingVersion: job.activeRender.version },
    );
  }
  if (job.status !== 'script_ready' && job.status !== 'ready') {
    return apiError(
      409,
      'not_renderable',
      `Podcast ${jobId} can be rendered once its script is ready for review, or once it is ready (it is ${job.status}).`,
      { status: job.status },
    );
  }
  const latestVersion = job.scriptVersion ?? 1;
  if (version !== latestVersion) {
    return apiError(
      409,
      'stale_version',
      `Version ${version} is not the latest version of the script (${latestVersion}); read it again and render that one.`,
      { latestVersion },
    );
  }
  if (job.status === 'ready' && version === (job.renderedVersion ?? 1)) {
    return apiError(
      409,
      'already_rendered',
      `Podcast ${jobId} already serves the audio of version ${version}; edit the script to render it again.`,
      { version },
    );
  }
  return undefined;
}
