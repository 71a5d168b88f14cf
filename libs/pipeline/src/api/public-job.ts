import type { PublicJob } from '../contract/job-bodies';
import type { EpisodeRender } from '../contract/render-bodies';
import type { JobRecord, JobRender } from '../jobs/job';
import type { EpisodeLinks } from '../ports/episode-links';

/**
 * A job as its owner sees it: the listed fields, progress, the costs (quoted,
 * measured, charged), once ready fresh links to its audio and captions, its latest script
 * version once written, and its renders (oldest first).
 */
export async function toPublicJob(job: JobRecord, links: EpisodeLinks): Promise<PublicJob> {
  const urls = job.status === 'ready' ? await links.forJob(job) : {};
  return {
    jobId: job.jobId,
    status: job.status,
    topic: job.topic,
    quality: job.quality,
    minutes: job.minutes,
    ...(job.format === undefined ? {} : { format: job.format }),
    ...(job.hosts === undefined ? {} : { hosts: job.hosts }),
    ...(job.language === undefined ? {} : { language: job.language }),
    ...(job.sourceUrl === undefined ? {} : { sourceUrl: job.sourceUrl }),
    ...(job.sourceId === undefined ? {} : { sourceId: job.sourceId }),
    seriesId: job.seriesId,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    progress: { done: job.chunksDone ?? 0, total: job.totalChunks ?? 0 },
    estimatedCost: job.estimatedCost,
    cost: job.cost,
    measuredCost: job.measuredCost,
    chargedWeek: job.chargedWeek,
    durationSeconds: job.durationSeconds,
    audioBytes: job.audioBytes,
    ...urls,
    chapters: job.chapters,
    error: job.error,
    ...scriptVersionOf(job),
    ...(job.renders === undefined ? {} : { renders: job.renders.map(publicRender) }),
  };
}

/** The latest script version of a job whose script is written (`script_ready` or `ready`). */
function scriptVersionOf(job: JobRecord): { scriptVersion?: number } {
  if (job.scriptVersion !== undefined) return { scriptVersion: job.scriptVersion };
  const written = job.status === 'script_ready' || job.status === 'ready';
  return written || job.renders !== undefined ? { scriptVersion: 1 } : {};
}

function publicRender(render: JobRender): EpisodeRender {
  return {
    version: render.version,
    charged: render.charged,
    chunksSynthesized: render.chunksSynthesized,
    chunksReused: render.chunksReused,
    status: render.status,
    ...(render.error === undefined ? {} : { error: render.error }),
  };
}
