import type { ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { Checked } from './model-task';

/**
 * Reads the answer out of a Converse reply: the forced tool call's input, else a JSON
 * object in the text. An answer cut off at `max_tokens`, a call of another tool, no answer
 * or no valid JSON are issues for the repair round.
 */
export function readToolInput(output: ConverseCommandOutput, toolName: string): Checked<unknown> {
  const content = output.output?.message?.content ?? [];
  if (output.stopReason === 'max_tokens') {
    return {
      ok: false,
      issues: ['(answer): the answer was cut off at the token limit; write a more compact answer'],
    };
  }
  const toolUse = content.find((block) => block.toolUse !== undefined)?.toolUse;
  if (toolUse) {
    if (toolUse.name !== toolName) {
      return {
        ok: false,
        issues: [`(answer): called tool "${toolUse.name ?? ''}" instead of ${toolName}`],
      };
    }
    return { ok: true, value: toolUse.input };
  }
  const text = content
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  if (text === '') {
    return { ok: false, issues: [`(answer): no answer; call the ${toolName} tool`] };
  }
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    return { ok: false, issues: ['(answer): the answer contains no JSON object'] };
  }
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end + 1)) as unknown };
  } catch (error) {
    return {
      ok: false,
      issues: [`(answer): the answer is not valid JSON (${(error as Error).message})`],
    };
  }
}
