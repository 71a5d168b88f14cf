import type { IdentityResolver } from '../api/identity';
import type { Environment } from '../config/environment';
import { speechEngineFrom } from './aws-services';
import {
  buildApiHandler,
  buildAssembleHandler,
  buildCallbackHandler,
  buildDeadLetterConsumer,
  buildSqsConsumer,
  buildSynthesizeHandler,
  buildWriteScriptHandler,
} from './handler-builders';
import type { PipelineServices } from './pipeline-services';

/**
 * Every handler from one set of services (the local stack's way; each Lambda
 * entry calls its one builder with only the services it needs). Each builder
 * here only touches the services its handler uses.
 *
 * @example
 * ```ts
 * const handlers = pipelineHandlers(services, env);
 * const callback = handlers.callback();
 * ```
 */
export function pipelineHandlers(services: PipelineServices, env: Environment) {
  return {
    api: (identity: IdentityResolver) =>
      buildApiHandler(
        {
          jobs: services.jobs(),
          feeds: services.feeds(),
          seriesEpisodes: services.seriesEpisodes(),
          seriesHosts: services.seriesHosts(),
          ledger: services.ledger(),
          queue: services.queue(),
          links: services.links(),
          uploads: services.uploads(),
          store: services.store(),
          speechEngine: speechEngineFrom(env),
          maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
        },
        identity,
      ),
    sqsConsumer: () => buildSqsConsumer({ jobs: services.jobs(), starter: services.starter() }),
    deadLetters: () =>
      buildDeadLetterConsumer({ jobs: services.jobs(), ledger: services.ledger() }),
    writeScript: () =>
      buildWriteScriptHandler({
        jobs: services.jobs(),
        store: services.store(),
        writer: services.writer(),
        seriesMemory: services.seriesMemory(),
        sources: services.sources(),
        maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
        speechEngine: speechEngineFrom(env),
      }),
    synthesize: () =>
      buildSynthesizeHandler({
        jobs: services.jobs(),
        store: services.store(),
        synthesizer: services.synthesizer(),
        speechTurns: services.speechTurns(),
      }),
    assemble: () => buildAssembleHandler({ jobs: services.jobs(), store: services.store() }),
    callback: () =>
      buildCallbackHandler({
        jobs: services.jobs(),
        ledger: services.ledger(),
        store: services.store(),
        seriesMemory: services.seriesMemory(),
      }),
  };
}
