import type { PodcastScript } from './podcast-script';
import type { ScriptRequest } from './request';

/**
 * Writes a two-host podcast script for a request. Implemented by `BedrockScriptWriter`
 * (in AWS) and `OfflineScriptWriter` (the embedded default, no network).
 *
 * @example
 * ```ts
 * const writer: ScriptWriter = hasBedrock
 *   ? new BedrockScriptWriter({ client: new BedrockRuntimeClient({}) })
 *   : new OfflineScriptWriter();
 * const script = await writer.write(parseScriptRequest(body));
 * ```
 */
export interface ScriptWriter {
  write(request: ScriptRequest): Promise<PodcastScript>;
}
