import type { JobRecord } from '../jobs/job';

/**
 * Turns a ready job's audio and captions into URLs its owner can fetch:
 * short-lived presigned S3 URLs in AWS, owner-only API routes locally.
 */
export interface EpisodeLinks {
  forJob(job: JobRecord): Promise<{ audioUrl?: string; captionsUrl?: string }>;
}
