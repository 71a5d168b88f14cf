import type { Message } from '@aws-sdk/client-bedrock-runtime';
import { ScriptOutputError } from '../errors';
import { followUp } from './converse-request';
import type { ModelAnswer, ModelTask } from './model-task';
import { keepInWordWindow } from './word-window';

/**
 * One model round for a task: the first call, at most one repair (the answer's problems
 * go back as an error `toolResult`; still invalid → {@link ScriptOutputError}), then, when
 * the task has a word window, at most one revision (`keepInWordWindow`). `ask` makes one
 * call (retries included) with the conversation so far.
 */
export async function runModelRound<T>(
  task: ModelTask<T>,
  ask: (messages: Message[]) => Promise<ModelAnswer<T>>,
): Promise<T> {
  const messages: Message[] = [{ role: 'user', content: [{ text: task.user }] }];
  let answer = await ask(messages);
  let checked = answer.checked;
  if (!checked.ok) {
    messages.push(...followUp(answer.message, task.repairPrompt(checked.issues), 'error'));
    answer = await ask(messages);
    checked = answer.checked;
    if (!checked.ok) {
      throw new ScriptOutputError(
        checked.issues,
        `the model's ${task.what} was still invalid after one repair round: ${checked.issues.slice(0, 3).join('; ')}`,
      );
    }
  }
  if (!task.length) return checked.value;
  const accepted = answer;
  return keepInWordWindow(task.what, task.length, checked.value, async (revisionPrompt) => {
    messages.push(...followUp(accepted.message, revisionPrompt, 'success'));
    return (await ask(messages)).checked;
  });
}
