import {
  BedrockRuntimeServiceException,
  ConverseCommand,
  type BedrockRuntimeClient,
  type ContentBlock,
  type ConverseCommandOutput,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import {
  ModelRequestError,
  ModelUnavailableError,
  ScriptInputError,
  ScriptOutputError,
} from './errors';
import {
  countScriptWords,
  validatePodcastScript,
  type PodcastScript,
  type ScriptValidation,
} from './podcast-script';
import {
  buildRepairPrompt,
  buildRevisionPrompt,
  buildScriptPrompts,
  SCRIPT_TOOL_INPUT_SCHEMA,
  SCRIPT_TOOL_NAME,
} from './prompts';
import { backoffDelay, realSleep } from './retry';
import { parseScriptRequest, type ScriptRequest } from './script-request';
import type { ScriptWriter } from './script-writer';
import type { SpeechEngine } from './speech-rate';

/**
 * Default Bedrock model: Claude Sonnet 4.5 through the global cross-region inference
 * profile (Claude 4.x models are invoked through inference profiles, not bare model ids).
 *
 * @example
 * ```ts
 * new BedrockScriptWriter({ client, modelId: process.env.MODEL_ID ?? DEFAULT_BEDROCK_MODEL_ID });
 * ```
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'global.anthropic.claude-sonnet-4-5-20250929-v1:0';

/**
 * Bedrock error names worth retrying with backoff; every other service error is final.
 *
 * @example
 * ```ts
 * RETRYABLE_BEDROCK_ERRORS.has('ThrottlingException'); // true
 * ```
 */
export const RETRYABLE_BEDROCK_ERRORS: ReadonlySet<string> = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelTimeoutException',
  'ModelNotReadyException',
  'InternalServerException',
]);

/**
 * Options of {@link BedrockScriptWriter}. Only `client` is required.
 *
 * @example
 * ```ts
 * const options: BedrockScriptWriterOptions = { client: new BedrockRuntimeClient({ region: 'us-east-1' }) };
 * ```
 */
export interface BedrockScriptWriterOptions {
  /** The Bedrock Runtime client (its endpoint, region and credentials are configuration). */
  client: BedrockRuntimeClient;
  /** Model or inference-profile id; default {@link DEFAULT_BEDROCK_MODEL_ID}. */
  modelId?: string;
  /** Waits between retries; default a real timer. Inject a fake in tests. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Jitter source in [0, 1); default `Math.random`. */
  random?: () => number;
  /** Calls per model round (first try + retries) before giving up; default 5. */
  maxAttempts?: number;
  /** First backoff ceiling in ms; default 500 (doubles per retry). */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms; default 20,000. */
  maxDelayMs?: number;
  /** Sampling temperature; default 0.7. */
  temperature?: number;
  /** Engine whose speaking rate sizes the script; default `polly`. */
  speechEngine?: SpeechEngine;
}

interface ModelAnswer {
  message: Message | undefined;
  validation: ScriptValidation;
}

/**
 * Writes scripts with Amazon Bedrock's Converse API.
 *
 * - The request is validated first ({@link ScriptInputError} before any call).
 * - The model is forced to call the `submit_podcast_script` tool, whose input is the script;
 *   a plain-text JSON answer is accepted too. The answer is validated with zod.
 * - An invalid answer gets one repair round (the problems are sent back); still invalid →
 *   {@link ScriptOutputError}.
 * - A valid script outside ±15 % of the target word count gets one revision request; the
 *   revision is accepted as is (or, if the revision is invalid, the first script is kept).
 * - `ThrottlingException`, `ServiceUnavailableException`, `ModelTimeoutException` (and
 *   `ModelNotReadyException`, `InternalServerException`) are retried with exponential backoff
 *   and full jitter, up to `maxAttempts` calls per round, then {@link ModelUnavailableError};
 *   other service errors become {@link ModelRequestError}; non-service errors (network,
 *   programming) are rethrown unchanged.
 *
 * @example
 * ```ts
 * const writer = new BedrockScriptWriter({ client: new BedrockRuntimeClient({ region: 'us-east-1' }) });
 * const script = await writer.write({ topic: 'Tides', minutes: 5, quality: 'neural' });
 * ```
 */
export class BedrockScriptWriter implements ScriptWriter {
  private readonly client: BedrockRuntimeClient;
  private readonly modelId: string;
  private readonly sleep: (milliseconds: number) => Promise<void>;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly temperature: number;
  private readonly speechEngine: SpeechEngine;

  constructor(options: BedrockScriptWriterOptions) {
    this.client = options.client;
    this.modelId = options.modelId ?? DEFAULT_BEDROCK_MODEL_ID;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20_000;
    this.temperature = options.temperature ?? 0.7;
    this.speechEngine = options.speechEngine ?? 'polly';
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) {
      throw new ScriptInputError('maxAttempts', 'maxAttempts must be a whole number of at least 1');
    }
    if (this.modelId.trim() === '') {
      throw new ScriptInputError('modelId', 'modelId must not be empty');
    }
  }

  /**
   * Writes a script for the request (see the class description for the rounds and errors).
   *
   * @example
   * ```ts
   * const script = await writer.write(parseScriptRequest(body));
   * ```
   */
  async write(request: ScriptRequest): Promise<PodcastScript> {
    const checked = parseScriptRequest(request);
    const prompts = buildScriptPrompts(checked, { engine: this.speechEngine });
    const maxTokens = Math.min(32_000, Math.ceil(prompts.maxWords * 1.6) + 1_500);
    const messages: Message[] = [{ role: 'user', content: [{ text: prompts.user }] }];
    const ask = () => this.converse(prompts.system, messages, maxTokens);

    let answer = await ask();
    let validation = answer.validation;
    if (!validation.ok) {
      messages.push(...followUp(answer.message, buildRepairPrompt(validation.issues), 'error'));
      answer = await ask();
      validation = answer.validation;
      if (!validation.ok) {
        throw new ScriptOutputError(
          validation.issues,
          `the model's script was still invalid after one repair round: ${validation.issues.slice(0, 3).join('; ')}`,
        );
      }
    }

    const actualWords = countScriptWords(validation.script);
    if (actualWords < prompts.minWords || actualWords > prompts.maxWords) {
      const revisionPrompt = buildRevisionPrompt({
        actualWords,
        targetWords: prompts.targetWords,
        minWords: prompts.minWords,
        maxWords: prompts.maxWords,
      });
      messages.push(...followUp(answer.message, revisionPrompt, 'success'));
      const revision = await ask();
      return revision.validation.ok ? revision.validation.script : validation.script;
    }
    return validation.script;
  }

  private async converse(
    system: string,
    messages: Message[],
    maxTokens: number,
  ): Promise<ModelAnswer> {
    const command = new ConverseCommand({
      modelId: this.modelId,
      system: [{ text: system }],
      messages,
      inferenceConfig: { maxTokens, temperature: this.temperature },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: SCRIPT_TOOL_NAME,
              description: 'Submit the complete two-host podcast script.',
              inputSchema: { json: SCRIPT_TOOL_INPUT_SCHEMA },
            },
          },
        ],
        toolChoice: { tool: { name: SCRIPT_TOOL_NAME } },
      },
    });
    for (let attempt = 1; ; attempt += 1) {
      try {
        const output = await this.client.send(command);
        return { message: output.output?.message, validation: readScript(output) };
      } catch (error) {
        if (!(error instanceof BedrockRuntimeServiceException)) throw error;
        if (!RETRYABLE_BEDROCK_ERRORS.has(error.name)) {
          throw new ModelRequestError(
            error.name,
            `Bedrock refused the script request (${error.name}): ${error.message}`,
            { cause: error },
          );
        }
        if (attempt >= this.maxAttempts) {
          throw new ModelUnavailableError(
            error.name,
            attempt,
            `Bedrock model ${this.modelId} was unavailable (${error.name}) for ${attempt} attempts`,
            { cause: error },
          );
        }
        await this.sleep(
          backoffDelay(attempt - 1, {
            baseDelayMs: this.baseDelayMs,
            maxDelayMs: this.maxDelayMs,
            random: this.random,
          }),
        );
      }
    }
  }
}

/** Reads the script out of a Converse answer: the tool call's input, else JSON text. */
function readScript(output: ConverseCommandOutput): ScriptValidation {
  const content = output.output?.message?.content ?? [];
  if (output.stopReason === 'max_tokens') {
    return {
      ok: false,
      issues: ['(answer): the answer was cut off at the token limit; write a more compact script'],
    };
  }
  const toolUse = content.find((block) => block.toolUse !== undefined)?.toolUse;
  if (toolUse) {
    if (toolUse.name !== SCRIPT_TOOL_NAME) {
      return {
        ok: false,
        issues: [`(answer): called tool "${toolUse.name ?? ''}" instead of ${SCRIPT_TOOL_NAME}`],
      };
    }
    return validatePodcastScript(toolUse.input);
  }
  const text = content
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  if (text === '') {
    return { ok: false, issues: [`(answer): no script; call the ${SCRIPT_TOOL_NAME} tool`] };
  }
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    return { ok: false, issues: ['(answer): the answer contains no JSON object'] };
  }
  try {
    return validatePodcastScript(JSON.parse(text.slice(start, end + 1)));
  } catch (error) {
    return {
      ok: false,
      issues: [`(answer): the answer is not valid JSON (${(error as Error).message})`],
    };
  }
}

/**
 * The messages that continue the conversation after an answer: the assistant's own
 * message, then a user message — a `toolResult` for each tool call it made (Converse
 * requires one), carrying the feedback, or plain text when it made no tool call.
 */
function followUp(
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
