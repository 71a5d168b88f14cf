/**
 * What a function asked a service, read from a request as the engine saw it (a front-door
 * fault's `match`, the fake Bedrock's `requests`): for the specs on the engine, which see the
 * bundles' calls rather than their code.
 */

interface UpdateItemInput {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, { S?: string }>;
}

/**
 * Whether a DynamoDB `UpdateItem` input sets `attribute` to the string `value` in its `SET`
 * clause (through the expression's attribute names and values).
 *
 * @example
 * ```ts
 * updateSets(call.json, 'status', 'ready');
 * ```
 */
export function updateSets(input: unknown, attribute: string, value: string): boolean {
  const update = (input ?? {}) as UpdateItemInput;
  const names = update.ExpressionAttributeNames ?? {};
  const values = update.ExpressionAttributeValues ?? {};
  const set = /\bSET\b(.*?)(?:\b(?:REMOVE|ADD|DELETE)\b|$)/s.exec(update.UpdateExpression ?? '');
  return [...(set?.[1] ?? '').matchAll(/(#\w+|\w+)\s*=\s*(:\w+)/g)].some(
    ([, name = '', placeholder = '']) =>
      (names[name] ?? name) === attribute && values[placeholder]?.S === value,
  );
}

interface ConverseBody {
  messages?: { role?: string; content?: { text?: string }[] }[];
}

/**
 * The titles of the earlier episodes of a series a Converse request quotes to the model
 * (`<previous_episodes>`, one `1. "<title>": …` line each), in order; none when it quotes none.
 *
 * @example
 * ```ts
 * previousEpisodeTitles(bedrock.requests[0].body); // ['Tides']
 * ```
 */
export function previousEpisodeTitles(body: Record<string, unknown>): string[] {
  const text = ((body as ConverseBody).messages ?? [])
    .filter((message) => message.role === 'user')
    .flatMap((message) => (message.content ?? []).map((block) => block.text ?? ''))
    .join('\n');
  const quoted = /<previous_episodes>\n([\s\S]*?)\n<\/previous_episodes>/.exec(text);
  if (!quoted) return [];
  return [...(quoted[1] ?? '').matchAll(/^\d+\. "(.*)":/gm)].map((match) => match[1] ?? '');
}
