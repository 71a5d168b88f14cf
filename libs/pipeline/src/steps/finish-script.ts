import {
  acceptedWordRange,
  countScriptWords,
  joinScriptParts,
  ScriptOutputError,
  type PodcastScript,
  type ScriptOutline,
  type SpeechEngine,
} from '@lumcast/script-generation';
import { isFinalStatus } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { readStoredJson } from './read-stored-object';
import { storedOutlineSchema, storedScriptPartSchema } from './script-part-inputs';
import { JobStateError } from '../errors';
import {
  storeScriptForSynthesis,
  synthesisRef,
  type WriteScriptOutput,
} from './store-script-for-synthesis';

/** Dependencies of {@link createFinishScriptStep}. */
export interface FinishScriptDeps {
  jobs: JobsTable;
  store: ObjectStore;
  maxChunkChars: number;
  /** The engine that speaks the chunks: part of each chunk's address. */
  speechEngine: SpeechEngine;
}

/**
 * The words a joined script is missing or has too many, against the accepted window
 * (`acceptedWordRange`, ±15 %) around the episode's target, or `undefined` when it fits.
 * The target is the sum of the outline's chapter targets: a Bedrock outline's targets are
 * rescaled (`scaleWordTargets`) to add up to exactly `targetWords(minutes, quality)` for
 * the writer's speech engine, the target a script written in one call is checked against;
 * the offline writer plans each chapter at its own length.
 */
function joinedLengthIssue(outline: ScriptOutline, script: PodcastScript): string | undefined {
  const target = outline.chapters.reduce((total, chapter) => total + chapter.targetWords, 0);
  const { min, max } = acceptedWordRange(target);
  const words = countScriptWords(script);
  if (words >= min && words <= max) return undefined;
  return `chapters: the joined script has ${words} spoken words, outside the accepted ${min}–${max} around its target of ${target}`;
}

/**
 * The FinishScript phase: reads the stored outline and every part, joins and validates the
 * whole script (`ScriptOutputError` when the joined script is invalid, or when its spoken
 * words fall outside the accepted window around the episode's target), makes the speech
 * plan, stores the script artifact at `objectKeys.script` exactly as a script written in
 * one invocation, marks the job `synthesizing` and hands the chunks to the synthesize Map (a
 * review job: `script_ready`, no chunks).
 * A missing outline or part is an `ObjectNotFoundError` naming it; nothing is stored and
 * the job is not moved, and the state machine's Catch sends it to the failure path.
 */
export function createFinishScriptStep(deps: FinishScriptDeps) {
  return async function finishScript({
    userId,
    jobId,
  }: {
    userId: string;
    jobId: string;
  }): Promise<WriteScriptOutput> {
    const job = await deps.jobs.get(userId, jobId);
    if (!job || isFinalStatus(job.status)) {
      throw new JobStateError(`Job ${jobId} of ${userId} is missing or already final`);
    }
    const stored = storedOutlineSchema.parse(
      await readStoredJson(
        deps.store,
        objectKeys.scriptOutline(userId, jobId),
        `the outline of job ${jobId}`,
      ),
    );
    const count = stored.plan.kind === 'whole' ? 1 : stored.plan.outline.chapters.length;
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, index) =>
        storedScriptPartSchema.parse(
          await readStoredJson(
            deps.store,
            objectKeys.scriptPart(userId, jobId, index),
            `part ${index} of job ${jobId}`,
          ),
        ),
      ),
    );
    let script;
    if (stored.plan.kind === 'whole') {
      const [only] = parts;
      if (only?.kind !== 'script') throw new JobStateError(`Job ${jobId} has no whole script`);
      script = only.script;
    } else {
      const chapters = parts.map((part, index) => {
        if (part.kind !== 'chapter') {
          throw new JobStateError(`Part ${index} of job ${jobId} is not a chapter`);
        }
        return part.chapter;
      });
      const joined = joinScriptParts(stored.plan.outline, chapters);
      if (!joined.ok) {
        throw new ScriptOutputError(
          joined.issues,
          `the joined script of job ${jobId} is invalid: ${joined.issues.slice(0, 3).join('; ')}`,
        );
      }
      const lengthIssue = joinedLengthIssue(stored.plan.outline, joined.script);
      if (lengthIssue) {
        throw new ScriptOutputError(
          [lengthIssue],
          `the joined script of job ${jobId} is not the episode's length: ${lengthIssue}`,
        );
      }
      script = joined.script;
    }
    // A job that became final meanwhile must not send its chunks to Polly (paid work).
    return storeScriptForSynthesis(deps, synthesisRef(job), stored.request, script);
  };
}
