import type { ScriptQuote } from '../../contract/render-bodies';
import { json } from '../http';
import type { Route, RouteDeps } from '../route';
import { checkedScriptEdit } from '../script-edit-checks';

/**
 * `POST /api/podcasts/{jobId}/script/quote`: the body of `PUT …/script`, checked exactly as it
 * is (`checkedScriptEdit`: 404, 400 `invalid_turn` / `invalid_field`, 409 `script_not_editable`
 * / `stale_version`), answered with the exact quote of rendering it — the speaking time, the new
 * audio's part of it, the slots (`estimatedCost`, new audio only) and the chunks it would speak
 * and reuse — without keeping a version. The dashboard's editor calls it as the user types.
 *
 * @example
 * ```ts
 * const response = await quotePodcastScriptRoute(deps)(userId, event, ['/api/podcasts/j-1/script/quote', 'j-1']);
 * ```
 */
export function quotePodcastScriptRoute(deps: RouteDeps): Route {
  return async (userId, event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const checked = await checkedScriptEdit(deps, userId, jobId, event);
    if (!checked.ok) return checked.response;
    const { plan, body } = checked;
    const quote: ScriptQuote = {
      estimatedSeconds: body.estimatedSeconds,
      newSeconds: plan.newSeconds,
      estimatedCost: plan.estimatedCost,
      chunksToSynthesize: plan.chunksToSynthesize,
      chunksReused: plan.chunksReused,
    };
    return json(200, quote);
  };
}
