import type { SpeechSynthesizer } from '@lumcast/audio-assembly';
import type { QuotaLedger } from '@lumcast/quota';
import type { ScriptWriter } from '@lumcast/script-generation';
import type { FeedsTable } from '../feeds/feeds-table';
import type { JobsTable } from '../jobs/jobs-table';
import type { SeriesEpisodes } from '../series/series-episodes';
import type { SeriesHostProfiles } from '../series/series-host-profiles';
import type { SeriesMemory } from '../series/series-memory';
import type { EpisodeLinks } from '../ports/episode-links';
import type { ExecutionStarter } from '../ports/execution-starter';
import type { JobQueue } from '../ports/job-queue';
import type { ObjectStore } from '../ports/object-store';
import type { SourceFetcher } from '../ports/source-fetcher';
import type { SourceUploads } from '../ports/source-uploads';
import type { SpeechTurns } from '../pacing/pacing-from-environment';

/**
 * The services the handlers are built from, each created on first use: AWS
 * implementations in Lambda (`awsContainer`), local ones in the local stack.
 */
export interface PipelineServices {
  jobs(): JobsTable;
  ledger(): QuotaLedger;
  feeds(): FeedsTable;
  seriesEpisodes(): SeriesEpisodes;
  seriesHosts(): SeriesHostProfiles;
  seriesMemory(): SeriesMemory;
  sources(): SourceFetcher;
  store(): ObjectStore;
  links(): EpisodeLinks;
  uploads(): SourceUploads;
  queue(): JobQueue;
  starter(): ExecutionStarter;
  writer(): ScriptWriter;
  synthesizer(): SpeechSynthesizer;
  /** Polly's shared limit, or undefined for a speech engine without one. */
  speechTurns(): SpeechTurns | undefined;
}
