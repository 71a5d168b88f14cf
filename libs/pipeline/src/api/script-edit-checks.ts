import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { PodcastScriptBody } from '../contract/script-body';
import type { JobRecord } from '../jobs/job';
import { JOB_ID_PATTERN } from '../jobs/job-id';
import { planRender, type RenderPlan } from '../renders/render-plan';
import { apiError } from './http';
import { requestBodyText } from './request-body';
import type { RouteDeps } from './route';
import { applyScriptEdit } from './script-edit';
import { editRefusal, episodeLengthProblem, parseScriptEdit } from './script-edit-request';
import { readLatestScript, type ScriptVersion } from './script-versions';
import { scriptView } from './script-view';

/** The statuses whose script can be edited: a draft under review, and a ready episode. */
const EDITABLE: readonly JobRecord['status'][] = ['script_ready', 'ready'];

/** An edit that passed every check, or the answer that refuses it. */
export type CheckedEdit =
  | {
      ok: true;
      job: JobRecord;
      latest: ScriptVersion;
      edited: ScriptVersion;
      body: PodcastScriptBody;
      plan: RenderPlan;
    }
  | { ok: false; response: APIGatewayProxyStructuredResultV2 };

/**
 * The checks `PUT …/script` and `POST …/script/quote` share: the caller's job (404 otherwise), the
 * body (`parseScriptEdit`; 400), an editable job and the latest version (`versionConflict`; 409),
 * every turn (`applyScriptEdit`; 400 `invalid_turn`) and the format's length (400 on `turns`).
 * Answers the next version as `GET …/script` shows it, with its render plan, whose quote
 * (`body.estimatedCost`) counts only the chunks the job has no audio for.
 *
 * @example
 * ```ts
 * const checked = await checkedScriptEdit(deps, userId, jobId, event);
 * if (!checked.ok) return checked.response;
 * ```
 */
export async function checkedScriptEdit(
  deps: RouteDeps,
  userId: string,
  jobId: string,
  event: APIGatewayProxyEventV2,
): Promise<CheckedEdit> {
  const refuse = (response: APIGatewayProxyStructuredResultV2) => ({
    ok: false as const,
    response,
  });
  const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
  if (!job) return refuse(apiError(404, 'not_found', `No podcast ${jobId}.`));
  const parsed = parseScriptEdit(requestBodyText(event));
  if (!parsed.ok) return refuse(editRefusal(parsed.problem));
  const conflict = versionConflict(job, parsed.edit.version);
  if (conflict) return refuse(conflict);

  const latest = await readLatestScript(deps.store, job);
  const result = applyScriptEdit(latest, parsed.edit.turns);
  if (!result.ok) return refuse(editRefusal(result.problem));
  const { body, plan } = quotedView(deps, job, result.edited);
  const tooLong = episodeLengthProblem(body.estimatedSeconds, job.format);
  if (tooLong) {
    return refuse(
      apiError(400, 'invalid_field', tooLong, {
        field: 'turns',
        estimatedSeconds: body.estimatedSeconds,
      }),
    );
  }
  return { ok: true, job, latest, edited: result.edited, body, plan };
}

/**
 * A version of a job's script as `GET …/script` shows it (`scriptView`), its quote being its
 * render's (`planRender`: only the chunks the job has no audio for), and that render plan.
 */
export function quotedView(
  deps: Pick<RouteDeps, 'speechEngine' | 'maxChunkChars'>,
  job: JobRecord,
  version: ScriptVersion,
): { body: PodcastScriptBody; plan: RenderPlan } {
  const plan = planRender(version, job, {
    engine: deps.speechEngine,
    ...(deps.maxChunkChars === undefined ? {} : { maxChunkChars: deps.maxChunkChars }),
  });
  const view = scriptView(version, { quality: job.quality, engine: deps.speechEngine });
  return { body: { ...view, estimatedCost: plan.estimatedCost }, plan };
}

/**
 * The 409 of a job whose script cannot take an edit of `version` now, or undefined:
 * `script_not_editable` unless it is `script_ready` or `ready`, `stale_version` (with
 * `latestVersion`) unless `version` is its latest.
 */
export function versionConflict(
  job: JobRecord,
  version: number,
): APIGatewayProxyStructuredResultV2 | undefined {
  if (!EDITABLE.includes(job.status)) {
    return apiError(
      409,
      'script_not_editable',
      `The script of podcast ${job.jobId} can be edited once it is written and while it is not being spoken (it is ${job.status}).`,
      { status: job.status },
    );
  }
  const latestVersion = job.scriptVersion ?? 1;
  if (version === latestVersion) return undefined;
  return apiError(
    409,
    'stale_version',
    `Version ${version} is not the latest version of the script (${latestVersion}); read it again and edit that one.`,
    { latestVersion },
  );
}
