import { apiError, json } from '../http';
import type { Route, RouteDeps } from '../route';
import { checkedScriptEdit, versionConflict } from '../script-edit-checks';
import { editQuotaRefusal } from '../script-edit-request';
import { storeScriptVersion } from '../script-versions';

/**
 * `PUT /api/podcasts/{jobId}/script`: stores an edit of one of the caller's scripts as its next
 * version and answers that version as `GET …/script` does, with its quote. Anyone else's job is
 * 404; a job that is not `script_ready` or `ready` is 409 `script_not_editable`; an edit of a
 * version that is not the latest is 409 `stale_version` with `latestVersion`; a bad turn is 400
 * `invalid_turn` naming the turn and the field (`applyScriptEdit`); a script whose started
 * minutes leave the format's bounds is 400 on `turns` (`checkedScriptEdit`); a quote (of the
 * new audio only) the caller's week no longer covers is 429 `quota_exhausted`. Nothing is
 * charged or held.
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
    const checked = await checkedScriptEdit(deps, userId, jobId, event);
    if (!checked.ok) return checked.response;
    const { job, latest, edited, body } = checked;
    const usage = await deps.ledger.usage({ userId });
    if (body.estimatedCost > usage.remaining) return editQuotaRefusal(body.estimatedCost, usage);

    const key = await storeScriptVersion(deps.store, jobId, edited);
    const won = await deps.jobs.recordScriptVersion(userId, jobId, {
      from: latest.version,
      to: edited.version,
      key,
    });
    if (!won) {
      const now = await deps.jobs.get(userId, jobId);
      return (
        versionConflict(now ?? job, latest.version) ??
        apiError(409, 'stale_version', `The script of podcast ${jobId} changed meanwhile.`)
      );
    }
    deps.logger.info('script edited', { version: edited.version });
    return json(200, body);
  };
}
