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
  /** Every render of the job's script (`POST …/render`), oldest first; see {@link JobRender}. */
  renders?: JobRender[];
  /** The render running now, until it is charged or fails; see {@link ActiveRender}. */
  activeRender?: ActiveRender;
  /** The script version whose audio the job serves, once a render made it (absent: version 1). */
  renderedVersion?: number;
  /** The addresses (`chunkAddress`) of the chunks whose audio the job has stored for reuse. */
  chunkAddresses?: string[];
}

/**
 * One render of a job's script, as `GET /api/podcasts/{jobId}` lists it: the version spoken,
 * the slots charged (0 until it is charged, and for a failed render), the chunks spoken and
 * reused, and where it is (`rendering`, `rendered`, `failed` with the sentence why).
 */
export interface JobRender {
  version: number;
  charged: number;
  chunksSynthesized: number;
  chunksReused: number;
  status: 'rendering' | 'rendered' | 'failed';
  error?: string;
}

/**
 * The render a job is running: its place in `renders` (`number`, from 1), the version, the
 * slots held for it (`quote`) under its own ledger id (`ledgerJobId`: the job id and the
 * number, so each render is reserved, settled or released once), the status the job was in
 * (`script_ready`: a first render, which moves the job through the pipeline's statuses; `ready`:
 * a re-render, which leaves it `ready` and serving its previous audio), whether an execution
 * took it up (`started`), and its assembled episode once Assemble measured it.
 */
export interface ActiveRender {
  number: number;
  version: number;
  quote: number;
  ledgerJobId: string;
  from: 'script_ready' | 'ready';
  started?: boolean;
  assembled?: {
    audioKey: string;
    captionsKey: string;
    durationSeconds: number;
    audioBytes?: number;
    chapters: EpisodeChapter[];
    newSeconds: number;
  };
}
