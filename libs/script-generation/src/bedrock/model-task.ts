import type { Message } from '@aws-sdk/client-bedrock-runtime';

/** A tool the model is forced to call: its input is the answer. */
export interface ForcedTool {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/** An answer after checking: its value, or the problems to send back in a repair round. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/**
 * The word window an answer must land in, with how to count its words, how to trim an
 * over-long one (optional) and what to ask for in the one revision request.
 */
export interface WordWindow<T> {
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
}

/** One task for the model: its prompts, its tool, how its answer is checked and sized. */
export interface ModelTask<T> {
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
  length?: WordWindow<T>;
}

/**
 * One reply of the model: the assistant message (to continue the conversation) and its
 * checked answer.
 */
export interface ModelAnswer<T> {
  message: Message | undefined;
  checked: Checked<T>;
}
