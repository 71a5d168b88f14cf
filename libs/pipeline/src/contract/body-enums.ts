import type { VoiceQuality } from '@lumcast/quota';
import type { PodcastFormat } from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import { JOB_STATUSES } from '../jobs/job';

// The quota's and the script writer's names are written out here rather than imported: their
// libs' indexes reach the AWS SDK, and this contract is read in the browser. The types keep each
// list to the lib's own names, and a test checks that none is missing.
const VOICE_QUALITY_NAMES = [
  'standard',
  'neural',
  'generative',
] as const satisfies readonly VoiceQuality[];
const PODCAST_FORMAT_NAMES = [
  'deep-dive',
  'brief',
  'debate',
  'critique',
  'lecture',
] as const satisfies readonly PodcastFormat[];

/** A job's status as the API writes it: one of `JOB_STATUSES`. */
export const jobStatusSchema = z.enum(JOB_STATUSES);

/** A voice quality as the API writes it: one of the quota's `VOICE_QUALITIES`. */
export const voiceQualitySchema = z.enum(VOICE_QUALITY_NAMES);

/** An episode format as the API writes it: one of the script writer's `PODCAST_FORMATS`. */
export const podcastFormatSchema = z.enum(PODCAST_FORMAT_NAMES);
