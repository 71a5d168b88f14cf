import { createApiHandler } from '../api/api-handler';
import type { IdentityResolver } from '../api/identity';
import type { Environment } from '../config/environment';
import { createLogger } from '../logging/logger';
import { createAssembleStep } from '../steps/assemble';
import { createCallbackStep } from '../steps/callback';
import { createJobConsumer } from '../steps/consume-jobs';
import { stepHandler } from '../steps/step-handler';
import {
  assembleInputSchema,
  callbackInputSchema,
  jobRefSchema,
  synthesizeInputSchema,
} from '../steps/step-inputs';
import { createSynthesizeStep } from '../steps/synthesize';
import { createWriteScriptStep } from '../steps/write-script';
import type { PipelineServices } from './pipeline-services';

/**
 * Builds each handler from the services: the Lambda entries and the local
 * stack use exactly these, so both run the same code. Each builder only
 * touches the services its handler needs.
 *
 * @example
 * ```ts
 * export const handler = pipelineHandlers(awsContainer(env), env).callback();
 * ```
 */
export function pipelineHandlers(services: PipelineServices, env: Environment) {
  return {
    api: (identity: IdentityResolver) =>
      createApiHandler({
        jobs: services.jobs(),
        ledger: services.ledger(),
        plans: services.plans(),
        queue: services.queue(),
        links: services.links(),
        identity,
        logger: createLogger('api'),
      }),
    sqsConsumer: () =>
      createJobConsumer({
        jobs: services.jobs(),
        ledger: services.ledger(),
        plans: services.plans(),
        starter: services.starter(),
        logger: createLogger('sqs-consumer'),
      }),
    writeScript: () =>
      stepHandler(
        jobRefSchema,
        createWriteScriptStep({
          jobs: services.jobs(),
          store: services.store(),
          writer: services.writer(),
          seriesMemory: services.seriesMemory(),
          maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
        }),
        createLogger('write-script'),
      ),
    synthesize: () =>
      stepHandler(
        synthesizeInputSchema,
        createSynthesizeStep({
          jobs: services.jobs(),
          store: services.store(),
          synthesizer: services.synthesizer(),
        }),
        createLogger('synthesize'),
      ),
    assemble: () =>
      stepHandler(
        assembleInputSchema,
        createAssembleStep({ jobs: services.jobs(), store: services.store() }),
        createLogger('assemble'),
      ),
    callback: () => {
      const logger = createLogger('callback');
      return stepHandler(
        callbackInputSchema,
        createCallbackStep({
          jobs: services.jobs(),
          ledger: services.ledger(),
          plans: services.plans(),
          store: services.store(),
          seriesMemory: services.seriesMemory(),
          logger,
        }),
        logger,
      );
    },
  };
}
