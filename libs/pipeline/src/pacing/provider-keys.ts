import type { VoiceQuality } from '@lumcast/quota';

/**
 * The pacing key of Polly's engine for a voice quality (Polly's limits are per engine, and each
 * quality is spoken by the engine of its name).
 */
export function pollyPacingKey(quality: VoiceQuality): string {
  return `polly:${quality}`;
}

/** The pacing key of a Bedrock model or inference profile (Bedrock's limits are per model). */
export function bedrockPacingKey(modelId: string): string {
  return `bedrock:${modelId}`;
}
