import { setTimeout as sleepFor } from 'node:timers/promises';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ScriptInputError } from '../errors';
import { buildChapterPrompts } from '../prompts/chapter-prompts';
import { buildOutlinePrompts } from '../prompts/outline-prompts';
import type { PodcastScript, ScriptChapter } from '../script/podcast-script';
import { buildScriptPrompts } from '../prompts/script-prompts';
import { parseScriptRequest, type ScriptRequest } from '../script/request';
import { scriptOutlineSchema, type ScriptOutline } from '../script/outline';
import { needsScriptParts, type ScriptPartsWriter, type ScriptPlan } from '../script/parts';
import type { ScriptWriter } from '../script/writer';
import type { SpeechEngine } from '../speech/rate';
import { readToolInput } from './converse-answer';
import { converseCommand } from './converse-request';
import type { ModelAnswer, ModelTask } from './model-task';
import { runModelRound } from './model-round';
import { retryBedrockCall, type BedrockRetryPolicy } from './retry';
import { chapterTask, outlineTask, scriptTask } from './tasks';

// Kept exported from here so that `index.ts` names it where it always has.
export { RETRYABLE_BEDROCK_ERRORS } from './failures';

/**
 * Default Bedrock model: Claude Sonnet 4.5 through the global cross-region inference
 * profile (Claude 4.x models are invoked through inference profiles, not bare model ids).
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'global.anthropic.claude-sonnet-4-5-20250929-v1:0';

/** What a Bedrock model or inference profile id looks like (the CDK app's context and `npm start` check it). */
export const BEDROCK_MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.:_-]{2,199}$/;

/** Options of {@link BedrockScriptWriter}. Only `client` is required. */
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
  /**
   * Awaited before every Converse call, retries included: where a shared rate limit is held
   * (the pipeline's pacing). An error it throws is rethrown unchanged, and no call is made.
   */
  beforeEachCall?: () => Promise<void>;
}

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
  private readonly temperature: number;
  private readonly speechEngine: SpeechEngine;
  private readonly retry: BedrockRetryPolicy;
  private readonly beforeEachCall: () => Promise<void>;

  constructor(options: BedrockScriptWriterOptions) {
    this.client = options.client;
    this.beforeEachCall = options.beforeEachCall ?? (async () => undefined);
    this.modelId = options.modelId ?? DEFAULT_BEDROCK_MODEL_ID;
    this.temperature = options.temperature ?? 0.7;
    this.speechEngine = options.speechEngine ?? 'polly';
    this.retry = {
      modelId: this.modelId,
      maxAttempts: options.maxAttempts ?? 5,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 20_000,
      sleep: options.sleep ?? sleepFor,
      random: options.random ?? Math.random,
    };
    if (!Number.isInteger(this.retry.maxAttempts) || this.retry.maxAttempts < 1) {
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
    return this.run(scriptTask(buildScriptPrompts(checked, { engine: this.speechEngine })));
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
    const outline = await this.run(
      outlineTask(buildOutlinePrompts(checked, { engine: this.speechEngine })),
    );
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
    return this.run(chapterTask(prompts, plan.data, index));
  }

  /** One model round (call, repair, revision), each call sent with retries. */
  private run<T>(task: ModelTask<T>): Promise<T> {
    return runModelRound(task, (messages) => {
      const command = converseCommand(task, messages, {
        modelId: this.modelId,
        temperature: this.temperature,
      });
      return retryBedrockCall(async (): Promise<ModelAnswer<T>> => {
        await this.beforeEachCall();
        const output = await this.client.send(command);
        const input = readToolInput(output, task.tool.name);
        return {
          message: output.output?.message,
          checked: input.ok ? task.check(input.value) : input,
        };
      }, this.retry);
    });
  }
}
