import { createApiHandler, type ApiDeps } from '../api/api-handler';
import type { IdentityResolver } from '../api/identity';
import { ProviderTurnDeferredError } from '../errors';
import { createLogger } from '../logging/logger';
import { createAssembleStep, type AssembleDeps } from '../steps/assemble';
import { createCallbackStep, type CallbackDeps } from '../steps/callback';
import { createJobConsumer, type JobConsumerDeps } from '../steps/consume-jobs';
import {
  createDeadLetterConsumer,
  type DeadLetterConsumerDeps,
} from '../steps/finish-dead-letters';
import { stepHandler } from '../steps/step-handler';
import {
  assembleInputSchema,
  callbackEventSchema,
  synthesizeInputSchema,
  type ProviderTurnWait,
} from '../steps/step-inputs';
import { createSynthesizeStep, type SynthesizeDeps } from '../steps/synthesize';
import { createFinishScriptStep } from '../steps/finish-script';
import { createPlanRenderStep } from '../steps/plan-render';
import {
  writeScriptFunctionInputSchema,
  type WriteScriptFunctionInput,
} from '../steps/script-part-inputs';
import { createWriteChapterStep } from '../steps/write-chapter';
import { createWriteOutlineStep } from '../steps/write-outline';
import { createWriteScriptStep, type WriteScriptDeps } from '../steps/write-script';

// Each handler from exactly the services it needs, with its structured logger.
// The Lambda entries and the local stack both build their handlers here.

/** The HTTP API handler. @example `buildApiHandler({ jobs, feeds, seriesEpisodes, seriesHosts, ledger, queue, links, uploads, store, speechEngine }, cognitoIdentity)` */
export function buildApiHandler(
  deps: Omit<ApiDeps, 'identity' | 'logger'>,
  identity: IdentityResolver,
) {
  return createApiHandler({ ...deps, identity, logger: createLogger('api') });
}

/** The SQS consumer handler. @example `buildSqsConsumer({ jobs, starter })` */
export function buildSqsConsumer(deps: Omit<JobConsumerDeps, 'logger'>) {
  return createJobConsumer({ ...deps, logger: createLogger('sqs-consumer') });
}

/**
 * The consumer of the job queue's dead-letter queue: a job whose message dead-lettered while still
 * `queued` has its hold released and ends `failed`; a message naming no job stays.
 * @example `buildDeadLetterConsumer({ jobs, ledger })`
 */
export function buildDeadLetterConsumer(deps: Omit<DeadLetterConsumerDeps, 'logger'>) {
  return createDeadLetterConsumer({ ...deps, logger: createLogger('dead-letters') });
}

/**
 * The write-script function's handler: one Lambda function for every script phase,
 * dispatched on the input's `phase` (parsed with zod): `outline` (WriteOutline), `chapter`
 * (one WriteChapter of the chapters Map), `finish` (FinishScript), `render` (PlanRender, the
 * first task of a render of a job's script); without `phase`, the
 * whole script in one invocation as before. A phase whose model turn is more than a few seconds
 * away answers `{ waitUntil }` (see `pacedModelCalls`).
 *
 * @example `buildWriteScriptHandler({ jobs, store, writer, seriesMemory, sources, maxChunkChars: 3000 })`
 */
export function buildWriteScriptHandler(deps: WriteScriptDeps) {
  const writeOutline = createWriteOutlineStep(deps);
  const writeChapter = createWriteChapterStep(deps);
  const finishScript = createFinishScriptStep(deps);
  const writeWhole = createWriteScriptStep(deps);
  const planRender = createPlanRenderStep(deps);
  return stepHandler(
    writeScriptFunctionInputSchema,
    async (input: WriteScriptFunctionInput) => {
      if (!('phase' in input)) return writeWhole(input);
      switch (input.phase) {
        case 'outline':
          return waitingForTurn(() => writeOutline(input));
        case 'chapter':
          return waitingForTurn(() => writeChapter(input));
        case 'finish':
          return finishScript(input);
        case 'render':
          return planRender(input);
      }
    },
    createLogger('write-script'),
  );
}

/**
 * Runs a phase that calls the model; a turn too far away answers `{ waitUntil }` (the state
 * machine's Wait brings the phase back), nothing else is caught.
 */
async function waitingForTurn<T>(phase: () => Promise<T>): Promise<T | ProviderTurnWait> {
  try {
    return await phase();
  } catch (error) {
    if (error instanceof ProviderTurnDeferredError) return { waitUntil: error.waitUntil };
    throw error;
  }
}

/** The SynthesizeChunk step handler. @example `buildSynthesizeHandler({ jobs, store, synthesizer, speechTurns })` */
export function buildSynthesizeHandler(deps: SynthesizeDeps) {
  return stepHandler(synthesizeInputSchema, createSynthesizeStep(deps), createLogger('synthesize'));
}

/** The Assemble step handler. @example `buildAssembleHandler({ jobs, store })` */
export function buildAssembleHandler(deps: AssembleDeps) {
  return stepHandler(assembleInputSchema, createAssembleStep(deps), createLogger('assemble'));
}

/**
 * The callback handler: ReportSuccess/ReportFailure inputs, and the execution-status
 * events (FAILED, TIMED_OUT, ABORTED) of the EventBridge rule, which run the failure path.
 * @example `buildCallbackHandler({ jobs, ledger, store, seriesMemory })`
 */
export function buildCallbackHandler(deps: Omit<CallbackDeps, 'logger'>) {
  const logger = createLogger('callback');
  return stepHandler(callbackEventSchema, createCallbackStep({ ...deps, logger }), logger);
}
