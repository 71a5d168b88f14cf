import type { VoiceQuality } from '@lumcast/quota';
import type { PodcastFormat } from '@lumcast/script-generation';

/**
 * Every status a job can be in, in pipeline order; the last four are final. `script_ready` is
 * where a review job (`review: true`) stops once its script is written: nothing spoken, no
 * slot held, and not final.
 */
export const JOB_STATUSES = [
  'queued',
  'writing_script',
  'script_ready',
  'synthesizing',
  'assembling',
  'ready',
  'failed',
  'quota_exceeded',
  'rejected_quota',
] as const;

/** Where a job is in its life; the last four are final and never change again. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Statuses a job never leaves. */
export const FINAL_STATUSES: readonly JobStatus[] = Object.freeze([
  'ready',
  'failed',
  'quota_exceeded',
  'rejected_quota',
]);

/**
 * Whether a status is final.
 *
 * @example
 * ```ts
 * isFinalStatus('ready'); // true
 * isFinalStatus('synthesizing'); // false
 * ```
 */
export function isFinalStatus(status: JobStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/**
 * Whether a job holds quota slots the failure paths must release: every job but a review job,
 * which is counted as a draft instead and holds none.
 *
 * @example
 * ```ts
 * if (holdsSlots(job)) await ledger.release({ userId, jobId, heldCost: job.estimatedCost });
 * ```
 */
export function holdsSlots(job: Pick<JobRecord, 'review'>): boolean {
  return job.review !== true;
}

/** One host's persona and voice on a job (`JobRecord.hostProfiles`); either may be absent. */
export interface JobHostProfile {
  persona?: string;
  voice?: string;
}

/** A chapter of an assembled episode, in seconds from its start. */
export interface EpisodeChapter {
  title: string;
  startSeconds: number;
  endSeconds: number;
}

/** One podcast job as stored in the jobs table (partition `userId`, sort `jobId`). */
export interface JobRecord {
  userId: string;
  jobId: string;
  status: JobStatus;
  topic: string;
  sourceText?: string;
  /** The source link the pipeline reads instead of `sourceText`. */
  sourceUrl?: string;
  /** The uploaded source file (`POST /api/sources`) the pipeline reads instead of `sourceText`. */
  sourceId?: string;
  minutes: number;
  quality: VoiceQuality;
  /** The episode's format (`PODCAST_FORMATS`); absent means `deep-dive`. */
  format?: PodcastFormat;
  /**
   * The hosts' names the request gave, or its series' host profiles; absent means the format's
   * default hosts.
   */
  hosts?: string[];
  /**
   * What the series' host profiles gave each host (in `hosts`' order) when the episode was made
   * from them: a persona for the script writer, and the voice (one of `GET /api/options`' voices
   * for the job's quality and language) the host speaks in. Absent when no profile gave either.
   */
  hostProfiles?: JobHostProfile[];
  /** The episode's language (`es-MX`); absent means `en-US`. */
  language?: string;
  seriesId?: string;
  /**
   * A review job: counted as a draft (`QuotaLedger.countDraft`) instead of holding slots, and
   * stopped at `script_ready` once its script is stored; absent on every other job.
   */
  review?: true;
  /**
   * The latest version of the script once edited (`PUT …/script`), with the key of its object
   * (`objectKeys.scriptVersion`); both absent: version 1, as written (`objectKeys.script`).
   */
  scriptVersion?: number;
  scriptKey?: string;
  createdAt: string;
  updatedAt: string;
  estimatedCost: number;
  totalChunks?: number;
  chunksDone?: number;
  /** Slots charged: `min(measuredCost, estimatedCost)`. */
  cost?: number;
  /** Slots the audio measured (`quotaCost` of its duration), before the quote capped the charge. */
  measuredCost?: number;
  chargedWeek?: string;
  durationSeconds?: number;
  /** The episode MP3's size in bytes (a feed's enclosure length); absent on jobs assembled before it was kept. */
  audioBytes?: number;
  audioKey?: string;
  captionsKey?: string;
  chapters?: EpisodeChapter[];
  error?: string;
}
