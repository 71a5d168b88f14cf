import type { core } from 'zod/mini';

/** The member a path ends at, and what contains it (`items[0]`, or `where` and its keys). */
function locate(where: string, path: readonly PropertyKey[]): { at: string; member: string } {
  const keys = path.map(String);
  let end = keys.length - 1;
  let member = keys[end] ?? '';
  // An element of a list is named with its list: "voices[1]".
  if (typeof path[end] === 'number' && end > 0) {
    end -= 1;
    member = `${keys[end]}[${member}]`;
  }
  const container = path.slice(0, end);
  // Inside a list, the element names the place on its own: "items[0]", "feeds[1]".
  const lastIndex = container.findLastIndex((key) => typeof key === 'number');
  if (lastIndex > 0) {
    const [list, index, ...rest] = container.slice(lastIndex - 1).map(String);
    return { at: [`${list}[${index}]`, ...rest].join('.'), member };
  }
  return { at: [where, ...container.map(String)].join('.'), member };
}

/** The value at `path` in `value`, as the answer had it. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (inner, key) =>
      typeof inner === 'object' && inner !== null
        ? (inner as Record<PropertyKey, unknown>)[key]
        : undefined,
    value,
  );
}

const TYPE_WORDS: Record<string, string> = {
  number: 'is not a number',
  string: 'is not a string',
  array: 'is not a list',
  boolean: 'is not true or false',
};

/**
 * Says, in words a developer can act on, the first way an answer breaks the API contract: the
 * place (`GET /api/quota`, or the list element, `items[0]`) and the member at fault — `"reserved"
 * is not a number`, `unknown status exploded`, `"nextCursor" is empty`, `expected an object`.
 */
export function shapeProblem(issue: core.$ZodIssue, value: unknown, where: string): string {
  const { path } = issue;
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return `${locate(where, [...path, '']).at}: expected an object`;
  }
  if (path.length === 0) return `${where}: ${issue.message}`;
  const { at, member } = locate(where, path);
  switch (issue.code) {
    case 'invalid_type':
      return `${at}: "${member}" ${TYPE_WORDS[issue.expected] ?? `is not ${issue.expected}`}`;
    case 'invalid_value':
      return `${at}: unknown ${member} ${String(valueAt(value, path))}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${at}: "${member}" is empty`
        : `${at}: "${member}" ${issue.message}`;
    default:
      return `${at}: "${member}" ${issue.message}`;
  }
}
