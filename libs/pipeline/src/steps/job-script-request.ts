import type { ScriptRequest, SeriesContext } from '@lumcast/script-generation';
import type { JobRecord } from '../jobs/job';

/**
 * The script request a job asks for, as both script paths (the whole script, and WriteOutline) give it
 * to the writer: the job's topic, length, quality, format, hosts (with the personas its series' host
 * profiles gave them) and language, with the source text and
 * series memory that `startScriptWriting` read for it.
 */
export function scriptRequestFor(
  job: JobRecord,
  read: { sourceText: string | undefined; series: SeriesContext | undefined },
): ScriptRequest {
  return {
    topic: job.topic,
    ...(read.sourceText === undefined ? {} : { sourceText: read.sourceText }),
    minutes: job.minutes,
    quality: job.quality,
    ...(job.format === undefined ? {} : { format: job.format }),
    ...(job.hosts === undefined
      ? {}
      : {
          hosts: job.hosts.map((name, index) => {
            const persona = job.hostProfiles?.[index]?.persona;
            return persona === undefined ? { name } : { name, persona };
          }),
        }),
    ...(job.language === undefined ? {} : { language: job.language }),
    ...(read.series === undefined ? {} : { series: read.series }),
  };
}
