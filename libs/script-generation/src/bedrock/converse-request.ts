import { ConverseCommand, type ContentBlock, type Message } from '@aws-sdk/client-bedrock-runtime';
import type { ModelTask } from './model-task';

/**
 * The Converse request for one call of a task: its system prompt, the conversation so far,
 * its token limit and temperature, and its tool, forced through `toolChoice`.
 */
export function converseCommand<T>(
  task: ModelTask<T>,
  messages: Message[],
  model: { modelId: string; temperature: number },
): ConverseCommand {
  return new ConverseCommand({
    modelId: model.modelId,
    system: [{ text: task.system }],
    messages,
    inferenceConfig: { maxTokens: task.maxTokens, temperature: model.temperature },
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: task.tool.name,
            description: task.tool.description,
            inputSchema: { json: task.tool.schema as never },
          },
        },
      ],
      toolChoice: { tool: { name: task.tool.name } },
    },
  });
}

/**
 * The messages that continue the conversation after an answer: the assistant's own
 * message, then a user message — a `toolResult` for each tool call it made (Converse
 * requires one), carrying the feedback, or plain text when it made no tool call.
 */
export function followUp(
  answer: Message | undefined,
  feedback: string,
  status: 'error' | 'success',
): Message[] {
  const assistant: Message = answer ?? { role: 'assistant', content: [{ text: '(no answer)' }] };
  const toolUseIds = (assistant.content ?? [])
    .map((block: ContentBlock) => block.toolUse?.toolUseId)
    .filter((id): id is string => id !== undefined);
  const content: ContentBlock[] =
    toolUseIds.length > 0
      ? toolUseIds.map((toolUseId) => ({
          toolResult: { toolUseId, content: [{ text: feedback }], status },
        }))
      : [{ text: feedback }];
  return [
    { ...assistant, role: 'assistant' },
    { role: 'user', content },
  ];
}
