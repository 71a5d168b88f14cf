import type { UsageResult } from '@lumcast/quota';
import {
  BRIEF_MAX_MINUTES,
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  type PodcastFormat,
} from '@lumcast/script-generation';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { podcastScriptEditSchema, type PodcastScriptEdit } from '../contract/script-edit-body';
import { apiError } from './http';
import type { ScriptEditProblem } from './script-edit';

/** Outcome of {@link parseScriptEdit}: the edit, or the first problem with the body. */
export type ScriptEditParse =
  | { ok: true; edit: PodcastScriptEdit }
  | { ok: false; problem: ScriptEditProblem | { field: string; message: string } };

/**
 * Parses a `PUT /api/podcasts/{jobId}/script` body (raw text) against
 * `podcastScriptEditSchema`: a problem inside a turn names the turn (its index, and its id
 * when it has one) and the field; any other names the body's field (`version`, `turns`, or an
 * unknown one).
 *
 * @example
 * ```ts
 * parseScriptEdit('{"version":1,"turns":[{"speaker":"Alex"}]}');
 * // { ok: false, problem: { field: 'text', message: '…', turn: { index: 0 } } }
 * ```
 */
export function parseScriptEdit(rawBody: string | undefined): ScriptEditParse {
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    return { ok: false, problem: { field: 'body', message: 'The body must be a JSON object.' } };
  }
  const parsed = podcastScriptEditSchema.safeParse(body);
  if (parsed.success) return { ok: true, edit: parsed.data };
  const issue = parsed.error.issues[0] as (typeof parsed.error.issues)[number];
  const [top, index, field] = issue.path;
  const unknownKey = 'keys' in issue ? (issue.keys as string[])[0] : undefined;
  if (top === 'turns' && typeof index === 'number') {
    const turn = (body as { turns: unknown[] }).turns[index] as { id?: unknown } | null;
    const id = typeof turn?.id === 'string' ? { id: turn.id } : {};
    return {
      ok: false,
      problem: {
        field: String(field ?? unknownKey ?? 'turns'),
        message: `turns[${index}]: ${issue.message}.`,
        turn: { index, ...id },
      },
    } as ScriptEditParse;
  }
  const named = String(top ?? unknownKey ?? 'body');
  return { ok: false, problem: { field: named, message: `${named}: ${issue.message}.` } };
}

/**
 * The 400 of a refused edit: `invalid_turn` naming the turn (`turn: { index, id? }`) and the
 * field, or `invalid_field` naming the body's field.
 */
export function editRefusal(
  problem: ScriptEditProblem | { field: string; message: string },
): APIGatewayProxyStructuredResultV2 {
  return 'turn' in problem && problem.turn !== undefined
    ? apiError(400, 'invalid_turn', problem.message, { field: problem.field, turn: problem.turn })
    : apiError(400, 'invalid_field', problem.message, { field: problem.field });
}

/**
 * Why a script of `estimatedSeconds` does not fit its format (undefined when it does): its
 * started minutes, as the quota counts them, must be within `MIN_EPISODE_MINUTES` and the
 * format's longest (`BRIEF_MAX_MINUTES` for a brief, else `MAX_EPISODE_MINUTES`).
 */
export function episodeLengthProblem(
  estimatedSeconds: number,
  format: PodcastFormat | undefined,
): string | undefined {
  const minutes = Math.ceil(estimatedSeconds / 60);
  const max = format === 'brief' ? BRIEF_MAX_MINUTES : MAX_EPISODE_MINUTES;
  if (minutes >= MIN_EPISODE_MINUTES && minutes <= max) return undefined;
  return `The script comes to ${estimatedSeconds} seconds (${minutes} started minutes); ${format === 'brief' ? 'a brief' : 'an episode'} is ${MIN_EPISODE_MINUTES} to ${max} minutes.`;
}

/**
 * The 429 `quota_exhausted` of a version whose quote the caller's week no longer covers, in
 * the ledger's figures (as a new episode's refusal); nothing is stored.
 */
export function editQuotaRefusal(
  estimatedCost: number,
  usage: UsageResult,
): APIGatewayProxyStructuredResultV2 {
  const resetsAt = usage.resetsAt.toISOString();
  return apiError(
    429,
    'quota_exhausted',
    `This version would cost ${estimatedCost} slots to render but only ${usage.remaining} of ${usage.limit + usage.granted} remain this week; they reset at ${resetsAt}. Nothing was saved.`,
    { estimatedCost, remaining: usage.remaining, resetsAt, retryAt: resetsAt },
  );
}
