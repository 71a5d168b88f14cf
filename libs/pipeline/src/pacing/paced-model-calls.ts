import { ProviderTurnDeferredError } from '../errors';
import type { ProviderTurns } from './provider-turns';

/**
 * The script writer's `beforeEachCall` for Bedrock: a short turn at the model's key before every
 * Converse call (retries included), slept when it is within a few seconds, else
 * {@link ProviderTurnDeferredError}, which the write-script handler turns into a Wait.
 */
export function pacedModelCalls(turns: ProviderTurns): () => Promise<void> {
  return async () => {
    const turn = await turns.short();
    if (turn.kind === 'wait') throw new ProviderTurnDeferredError(turns.key, turn.waitUntil);
  };
}
