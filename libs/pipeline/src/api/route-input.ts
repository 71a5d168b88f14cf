import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isPlainPathCapture } from './path-segment';
import type { RouteEntry } from './router';

/**
 * Why a request's path ids or query do not fit its route: the field at fault (a path id's name,
 * or the unknown query parameter) and a message for people.
 */
export interface RouteInputProblem {
  field: string;
  message: string;
}

/**
 * Checks what every route takes from the URL, once for all routes, before the route runs (and
 * before any read): each path capture the entry names in `ids` must be one plain path segment
 * ({@link isPlainPathCapture}: not `.` or `..`, no `/`, `\` or control character, decoded or
 * not), and every query parameter must be one the entry declares in `query` (none by default):
 * an unknown one is refused rather than ignored. Answers the first problem, or `undefined`.
 */
export function routeInputProblem(
  entry: RouteEntry,
  event: APIGatewayProxyEventV2,
  match: RegExpMatchArray,
): RouteInputProblem | undefined {
  for (const [index, name] of (entry.ids ?? []).entries()) {
    const captured = match[index + 1];
    if (captured !== undefined && !isPlainPathCapture(captured)) {
      return {
        field: name,
        message: `${name} must be one path segment: not "." or "..", and without "/", "\\", control characters or a stray "%".`,
      };
    }
  }
  const allowed = new Set(entry.query ?? []);
  const unknown = Object.keys(event.queryStringParameters ?? {}).find((key) => !allowed.has(key));
  if (unknown !== undefined) {
    return { field: unknown, message: `Unknown query parameter "${unknown}".` };
  }
  return undefined;
}
