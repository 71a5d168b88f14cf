import type { VoiceQuality } from '@lumcast/quota';

/**
 * The pacing key of Polly's engine for a voice quality (Polly's limits are per engine, and each
 * quality is spoken by the engine of its name).
 *
 * @example
 * ```ts
 * pollyPacingKey('neural'); // 'polly:neural'
 * ```
 */
export function pollyPacingKey(quality: VoiceQuality): string {
  return `polly:${quality}`;
}

/**
 * The pacing key of a Bedrock model or inference profile (Bedrock's limits are per model).
 *
 * @example
 * ```ts
 * bedrockPacingKey('global.anthropic.claude-sonnet-4-5-20250929-v1:0');
 * ```
 */
export function bedrockPacingKey(modelId: string): string {
  return `bedrock:${modelId}`;
}
