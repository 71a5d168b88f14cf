import {
  countScriptWords,
  countWords,
  type ScriptPartsWriter,
  type ScriptWriter,
} from '@lumcast/script-generation';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { readStoredJson } from './read-stored-object';
import {
  storedOutlineSchema,
  type StoredScriptPart,
  type WriteChapterInput,
} from './script-part-inputs';
import { JobStateError } from '../errors';
import { canWriteInParts } from './write-outline';

/** Dependencies of {@link createWriteChapterStep}. */
export interface WriteChapterDeps {
  store: ObjectStore;
  writer: ScriptWriter & Partial<ScriptPartsWriter>;
}

/** What WriteChapter returns (small: the part itself is in the bucket). */
export interface WriteChapterOutput {
  part: number;
  words: number;
}

/**
 * One WriteChapter phase: reads the stored outline, writes part `part` (the whole script
 * for a `whole` plan, else that chapter) with one model round, and stores it at
 * `objectKeys.scriptPart`. Touches only the bucket; running it again overwrites the part.
 * A missing outline is an `ObjectNotFoundError` (not retried: the failure path ends the job).
 */
export function createWriteChapterStep(deps: WriteChapterDeps) {
  return async function writeChapter({
    userId,
    jobId,
    part,
  }: Pick<WriteChapterInput, 'userId' | 'jobId' | 'part'>): Promise<WriteChapterOutput> {
    const stored = storedOutlineSchema.parse(
      await readStoredJson(
        deps.store,
        objectKeys.scriptOutline(userId, jobId),
        `the outline of job ${jobId}`,
      ),
    );
    let written: StoredScriptPart;
    let words: number;
    if (stored.plan.kind === 'whole') {
      if (part !== 0) throw new JobStateError(`Job ${jobId} is written in one part, not ${part}`);
      const script = await deps.writer.write(stored.request);
      written = { kind: 'script', script };
      words = countScriptWords(script);
    } else {
      if (!canWriteInParts(deps.writer)) {
        throw new JobStateError(`The script writer cannot write chapter ${part} of job ${jobId}`);
      }
      const chapter = await deps.writer.writeChapter(stored.request, stored.plan.outline, part);
      written = { kind: 'chapter', chapter };
      words = chapter.segments.reduce((total, segment) => total + countWords(segment.text), 0);
    }
    await deps.store.put(
      objectKeys.scriptPart(userId, jobId, part),
      JSON.stringify(written),
      'application/json',
    );
    return { part, words };
  };
}
