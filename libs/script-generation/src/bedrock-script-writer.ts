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
  CHAPTER_TOOL_INPUT_SCHEMA,
  CHAPTER_TOOL_NAME,
  buildChapterPrompts,
  buildChapterRepairPrompt,
  buildChapterRevisionPrompt,
} from './chapter-prompts';
import {
  OUTLINE_TOOL_INPUT_SCHEMA,
  OUTLINE_TOOL_NAME,
  buildOutlinePrompts,
  buildOutlineRepairPrompt,
  type OutlinePrompts,
} from './outline-prompts';
import {
  countScriptWords,
  countWords,
  validatePodcastScript,
  type PodcastScript,
  type ScriptChapter,
  type ScriptValidation,
} from './podcast-script';
import {
  buildRepairPrompt,
  buildRevisionPrompt,
  buildScriptPrompts,
  DEFAULT_HOSTS,
  SCRIPT_TOOL_INPUT_SCHEMA,
  SCRIPT_TOOL_NAME,
} from './prompts';
import { backoffDelay, realSleep } from './retry';
import { isTransientNetworkError, transientErrorCode } from './transient-errors';
import { parseScriptRequest, type ScriptRequest } from './script-request';
import { scriptOutlineSchema, type ScriptOutline } from './script-outline';
import {
  CHAPTER_MAX_WORDS,
  needsScriptParts,
  scaleWordTargets,
  type ScriptPartsWriter,
  type ScriptPlan,
} from './script-parts';
import type { ScriptWriter } from './script-writer';
import { trimScriptToWindow } from './trim-script';
import { validateWrittenChapter } from './written-chapter';
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

/** A tool the model is forced to call. */
interface ForcedTool {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

type Checked<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** One task for the model: its prompts, its tool, how its answer is checked and sized. */
interface ModelTask<T> {
  what: string;
  system: string;
  user: string;
  maxTokens: number;
  tool: ForcedTool;
  check: (input: unknown) => Checked<T>;
  repairPrompt: (issues: readonly string[]) => string;
  /**
   * When set, an answer outside [min, max] words gets one revision request, and an answer
   * is only ever accepted within the window (as is, or after `trim`).
   */
  length?: {
    words: (value: T) => number;
    /** Fits an over-long answer into the window, or `undefined` when it cannot. */
    trim?: (value: T, window: { minWords: number; maxWords: number }) => T | undefined;
    targetWords: number;
    minWords: number;
    maxWords: number;
    revisionPrompt: (length: {
      actualWords: number;
      targetWords: number;
      minWords: number;
      maxWords: number;
    }) => string;
  };
}

interface ModelAnswer<T> {
  message: Message | undefined;
  checked: Checked<T>;
}

const SCRIPT_TOOL: ForcedTool = {
  name: SCRIPT_TOOL_NAME,
  description: 'Submit the complete two-host podcast script.',
  schema: SCRIPT_TOOL_INPUT_SCHEMA,
};
const OUTLINE_TOOL: ForcedTool = {
  name: OUTLINE_TOOL_NAME,
  description: 'Submit the outline of a long two-host podcast episode.',
  schema: OUTLINE_TOOL_INPUT_SCHEMA,
};
const CHAPTER_TOOL: ForcedTool = {
  name: CHAPTER_TOOL_NAME,
  description: 'Submit one chapter of a two-host podcast episode.',
  schema: CHAPTER_TOOL_INPUT_SCHEMA,
};

/**
 * Writes scripts with Amazon Bedrock's Converse API, whole (`write`) or in parts
 * (`planScript` then `writeChapter`, one call per chapter, for episodes longer than
 * `WHOLE_SCRIPT_MAX_WORDS`).
 *
 * - The request is validated first ({@link ScriptInputError} before any call).
 * - The model is forced to call a tool (`submit_podcast_script`, `submit_podcast_outline`
 *   or `submit_podcast_chapter`), whose input is the answer; a plain-text JSON answer is
 *   accepted too. The answer is validated with zod.
 * - An invalid answer gets one repair round (the problems are sent back); still invalid →
 *   {@link ScriptOutputError}.
 * - A valid script or chapter outside ±15 % of its target word count gets one revision
 *   request. Nothing outside the window is ever returned: the revision is accepted if it is
 *   within it; else a script (the revision, then the first answer) is trimmed at a chapter
 *   boundary when that lands it within the window (`trimScriptToWindow`); else — and for a
 *   chapter, which has no chapter boundary to trim at — {@link ScriptOutputError} with a
 *   `(length): …` issue. An outline's chapter targets are rescaled to sum to the episode's
 *   target.
 * - `ThrottlingException`, `ServiceUnavailableException`, `ModelTimeoutException`,
 *   `ModelNotReadyException`, `InternalServerException`, any other 5xx answer, network
 *   failures (connection reset or refused, socket hang-up) and the client's own
 *   `requestTimeout` (`TimeoutError`) are retried with exponential backoff and full jitter,
 *   up to `maxAttempts` calls per round, then {@link ModelUnavailableError}; other service
 *   errors become {@link ModelRequestError}; anything else (a programming error) is
 *   rethrown unchanged.
 *
 * @example
 * ```ts
 * const writer = new BedrockScriptWriter({ client: new BedrockRuntimeClient({ region: 'us-east-1' }) });
 * const script = await writer.write({ topic: 'Tides', minutes: 5, quality: 'neural' });
 * ```
 */
export class BedrockScriptWriter implements ScriptWriter, ScriptPartsWriter {
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
   * Writes a whole script for the request in one model round (see the class description
   * for the rounds and errors).
   *
   * @example
   * ```ts
   * const script = await writer.write(parseScriptRequest(body));
   * ```
   */
  async write(request: ScriptRequest): Promise<PodcastScript> {
    const checked = parseScriptRequest(request);
    const prompts = buildScriptPrompts(checked, { engine: this.speechEngine });
    return this.run<PodcastScript>({
      what: 'script',
      system: prompts.system,
      user: prompts.user,
      maxTokens: Math.min(32_000, Math.ceil(prompts.maxWords * 1.6) + 1_500),
      tool: SCRIPT_TOOL,
      check: (input) => fromScriptValidation(validatePodcastScript(input)),
      repairPrompt: buildRepairPrompt,
      length: {
        words: countScriptWords,
        trim: trimScriptToWindow,
        targetWords: prompts.targetWords,
        minWords: prompts.minWords,
        maxWords: prompts.maxWords,
        revisionPrompt: buildRevisionPrompt,
      },
    });
  }

  /**
   * Plans the script: `whole` for an episode of at most `WHOLE_SCRIPT_MAX_WORDS` (no model
   * call; `write` writes it), else one outline call whose chapters' word targets are
   * rescaled to sum to the episode's target.
   *
   * @example
   * ```ts
   * const plan = await writer.planScript({ topic: 'Tides', minutes: 60, quality: 'neural' });
   * if (plan.kind === 'chapters') console.log(plan.outline.chapters.length);
   * ```
   */
  async planScript(request: ScriptRequest): Promise<ScriptPlan> {
    const checked = parseScriptRequest(request);
    if (!needsScriptParts(checked, { engine: this.speechEngine })) return { kind: 'whole' };
    const prompts = buildOutlinePrompts(checked, { engine: this.speechEngine });
    const outline = await this.run<ScriptOutline>({
      what: 'outline',
      system: prompts.system,
      user: prompts.user,
      maxTokens: 6_000,
      tool: OUTLINE_TOOL,
      check: (input) => checkOutline(input, prompts),
      repairPrompt: buildOutlineRepairPrompt,
    });
    return { kind: 'chapters', outline };
  }

  /**
   * Writes chapter `index` of an outline in one model round (repair and revision as for a
   * whole script, against the chapter's own word target).
   *
   * @example
   * ```ts
   * const chapter = await writer.writeChapter(request, plan.outline, 3);
   * ```
   */
  async writeChapter(
    request: ScriptRequest,
    outline: ScriptOutline,
    index: number,
  ): Promise<ScriptChapter> {
    const checked = parseScriptRequest(request);
    const plan = scriptOutlineSchema.safeParse(outline);
    if (!plan.success) {
      throw new ScriptInputError('outline', `the outline is invalid: ${plan.error.message}`);
    }
    if (!Number.isInteger(index) || index < 0 || index >= plan.data.chapters.length) {
      throw new ScriptInputError(
        'index',
        `chapter ${index} is not in the outline (${plan.data.chapters.length} chapters)`,
      );
    }
    const prompts = buildChapterPrompts(checked, plan.data, index);
    return this.run<ScriptChapter>({
      what: `chapter ${index + 1}`,
      system: prompts.system,
      user: prompts.user,
      maxTokens: Math.ceil(prompts.maxWords * 1.6) + 1_000,
      tool: CHAPTER_TOOL,
      check: (input) => {
        const result = validateWrittenChapter(input, plan.data, index);
        return result.ok ? { ok: true, value: result.chapter } : result;
      },
      repairPrompt: buildChapterRepairPrompt,
      length: {
        words: (chapter) =>
          chapter.segments.reduce((total, segment) => total + countWords(segment.text), 0),
        targetWords: prompts.targetWords,
        minWords: prompts.minWords,
        maxWords: prompts.maxWords,
        revisionPrompt: buildChapterRevisionPrompt,
      },
    });
  }

  /** One model round: the call, at most one repair, at most one revision. */
  private async run<T>(task: ModelTask<T>): Promise<T> {
    const messages: Message[] = [{ role: 'user', content: [{ text: task.user }] }];
    const ask = () => this.converse(task, messages);

    let answer = await ask();
    let checked = answer.checked;
    if (!checked.ok) {
      messages.push(...followUp(answer.message, task.repairPrompt(checked.issues), 'error'));
      answer = await ask();
      checked = answer.checked;
      if (!checked.ok) {
        throw new ScriptOutputError(
          checked.issues,
          `the model's ${task.what} was still invalid after one repair round: ${checked.issues.slice(0, 3).join('; ')}`,
        );
      }
    }
    const length = task.length;
    if (!length) return checked.value;
    const inWindow = (value: T) => {
      const words = length.words(value);
      return words >= length.minWords && words <= length.maxWords;
    };
    if (inWindow(checked.value)) return checked.value;
    const revisionPrompt = length.revisionPrompt({
      actualWords: length.words(checked.value),
      targetWords: length.targetWords,
      minWords: length.minWords,
      maxWords: length.maxWords,
    });
    messages.push(...followUp(answer.message, revisionPrompt, 'success'));
    const revision = await ask();
    // The revision first, then the first answer: as is if within the window, else trimmed.
    const candidates = revision.checked.ok
      ? [revision.checked.value, checked.value]
      : [checked.value];
    for (const candidate of candidates) {
      if (inWindow(candidate)) return candidate;
      const trimmed = length.trim?.(candidate, length);
      if (trimmed !== undefined && inWindow(trimmed)) return trimmed;
    }
    const [best] = candidates;
    const words = best === undefined ? 0 : length.words(best);
    const issue = `(length): ${task.what} has ${words} spoken words after one revision, outside the accepted ${length.minWords}–${length.maxWords} around its target of ${length.targetWords}${length.trim ? ', and no trim at a chapter boundary fits' : ''}`;
    throw new ScriptOutputError([issue], `the model's ${task.what} is not its length: ${issue}`);
  }

  private async converse<T>(task: ModelTask<T>, messages: Message[]): Promise<ModelAnswer<T>> {
    const command = new ConverseCommand({
      modelId: this.modelId,
      system: [{ text: task.system }],
      messages,
      inferenceConfig: { maxTokens: task.maxTokens, temperature: this.temperature },
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
    for (let attempt = 1; ; attempt += 1) {
      let failure: { code: string; error: unknown };
      try {
        const output = await this.client.send(command);
        const input = readToolInput(output, task.tool.name);
        return {
          message: output.output?.message,
          checked: input.ok ? task.check(input.value) : input,
        };
      } catch (error) {
        failure = retryableFailure(error);
      }
      if (attempt >= this.maxAttempts) {
        throw new ModelUnavailableError(
          failure.code,
          attempt,
          `Bedrock model ${this.modelId} was unavailable (${failure.code}) for ${attempt} attempts`,
          { cause: failure.error },
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

/**
 * A failure worth retrying, with the code to report; throws the mapped error (a refused
 * request) or the original one (not a service or network failure) otherwise.
 */
function retryableFailure(error: unknown): { code: string; error: unknown } {
  if (error instanceof BedrockRuntimeServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (RETRYABLE_BEDROCK_ERRORS.has(error.name) || status >= 500 || error.$fault === 'server') {
      return { code: error.name, error };
    }
    throw new ModelRequestError(
      error.name,
      `Bedrock refused the script request (${error.name}): ${error.message}`,
      { cause: error },
    );
  }
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  if (isTransientNetworkError(error) || (status !== undefined && status >= 500)) {
    return {
      code: transientErrorCode(error),
      error,
    };
  }
  throw error;
}

function fromScriptValidation(validation: ScriptValidation): Checked<PodcastScript> {
  return validation.ok ? { ok: true, value: validation.script } : validation;
}

/** Checks an outline answer: its shape, its chapter count, and rescales its word targets. */
function checkOutline(input: unknown, prompts: OutlinePrompts): Checked<ScriptOutline> {
  const [first, second] = DEFAULT_HOSTS;
  const withHosts =
    typeof input === 'object' && input !== null
      ? { ...input, hosts: [{ name: first }, { name: second }] }
      : input;
  const result = scriptOutlineSchema.safeParse(withHosts);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
      ),
    };
  }
  const outline = result.data;
  const count = outline.chapters.length;
  if (count < prompts.minChapters || count > prompts.maxChapters) {
    return {
      ok: false,
      issues: [
        `chapters: plan between ${prompts.minChapters} and ${prompts.maxChapters} chapters (got ${count})`,
      ],
    };
  }
  const targets = scaleWordTargets(
    outline.chapters.map((chapter) => chapter.targetWords),
    prompts.targetWords,
  );
  const tooLong = targets.flatMap((words, index) =>
    words > CHAPTER_MAX_WORDS
      ? [
          `chapters.${index}.targetWords: scaled to the episode's ${prompts.targetWords} words this chapter needs ${words} words, more than ${CHAPTER_MAX_WORDS}; split it or balance the chapters`,
        ]
      : [],
  );
  if (tooLong.length > 0) return { ok: false, issues: tooLong };
  return {
    ok: true,
    value: {
      ...outline,
      chapters: outline.chapters.map((chapter, index) => ({
        ...chapter,
        targetWords: targets[index] ?? chapter.targetWords,
      })),
    },
  };
}

/** Reads the answer out of a Converse reply: the tool call's input, else JSON text. */
function readToolInput(output: ConverseCommandOutput, toolName: string): Checked<unknown> {
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
