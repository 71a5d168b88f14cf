import type { JobRecord } from '../../jobs/job';
import { JOB_ID_PATTERN } from '../../jobs/job-id';
import { apiError, json } from '../http';
import { requestBodyText } from '../request-body';
import type { Route, RouteDeps } from '../route';
import { applyScriptEdit } from '../script-edit';
import {
  editQuotaRefusal,
  editRefusal,
  episodeLengthProblem,
  parseScriptEdit,
} from '../script-edit-request';
import { readLatestScript, storeScriptVersion } from '../script-versions';
import { scriptView } from '../script-view';

/** The statuses whose script can be edited: a draft under review, and a ready episode. */
const EDITABLE: readonly JobRecord['status'][] = ['script_ready', 'ready'];

/**
 * `PUT /api/podcasts/{jobId}/script`: stores an edit of one of the caller's scripts as its next
 * version and answers that version as `GET …/script` does, with its quote. Anyone else's job is
 * 404; a job that is not `script_ready` or `ready` is 409 `script_not_editable`; an edit of a
 * version that is not the latest is 409 `stale_version` with `latestVersion`; a bad turn is 400
 * `invalid_turn` naming the turn and the field (`applyScriptEdit`); a script whose started
 * minutes leave the format's bounds is 400 on `turns`; a quote the caller's week no longer
 * covers is 429 `quota_exhausted`. Nothing is charged or held.
 *
 * Two edits of the same version cannot both win: each stores its version under its own key
 * (`storeScriptVersion`), then one conditional write on the job (`recordScriptVersion`: the
 * latest is still the version it edited) makes it the latest; the other is answered 409 and its
 * object is never named.
 *
 * @example
 * ```ts
 * const response = await putPodcastScriptRoute(deps)(userId, event, ['/api/podcasts/j-1/script', 'j-1']);
 * ```
 */
export function putPodcastScriptRoute(deps: RouteDeps): Route {
  return async (userId, event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
    if (!job) return apiError(404, 'not_found', `No podcast ${jobId}.`);
    const parsed = parseScriptEdit(requestBodyText(event));
    if (!parsed.ok) return editRefusal(parsed.problem);
    const refusal = versionConflict(job, parsed.edit.version);
    if (refusal) return refusal;

    const latest = await readLatestScript(deps.store, job);
    const result = applyScriptEdit(latest, parsed.edit.turns);
    if (!result.ok) return editRefusal(result.problem);
    const body = scriptView(result.edited, { quality: job.quality, engine: deps.speechEngine });
    const tooLong = episodeLengthProblem(body.estimatedSeconds, job.format);
    if (tooLong) {
      return apiError(400, 'invalid_field', tooLong, {
        field: 'turns',
        estimatedSeconds: body.estimatedSeconds,
      });
    }
    const usage = await deps.ledger.usage({ userId });
    if (body.estimatedCost > usage.remaining) return editQuotaRefusal(body.estimatedCost, usage);

    const key = await storeScriptVersion(deps.store, jobId, result.edited);
    const won = await deps.jobs.recordScriptVersion(userId, jobId, {
      from: latest.version,
      to: result.edited.version,
      key,
    });
    if (!won) {
      const now = await deps.jobs.get(userId, jobId);
      return (
        versionConflict(now ?? job, parsed.edit.version) ??
        apiError(409, 'stale_version', `The script of podcast ${jobId} changed meanwhile.`)
      );
    }
    deps.logger.info('script edited', { version: result.edited.version });
    return json(200, body);
  };
}

/** The 409 of a job whose script cannot take an edit of `version` now, or undefined. */
function versionConflict(job: JobRecord, version: number) {
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
