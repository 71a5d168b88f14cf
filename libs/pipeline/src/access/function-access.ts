import { objectKeys } from '../ports/object-store';

/** The pipeline's functions, one Lambda each (the CDK app's handler names). */
export const PIPELINE_FUNCTIONS = [
  'api',
  'sqs-consumer',
  'write-script',
  'synthesize',
  'assemble',
  'callback',
  'dead-letters',
] as const;

/** One of {@link PIPELINE_FUNCTIONS}. */
export type PipelineFunction = (typeof PIPELINE_FUNCTIONS)[number];

/**
 * The DynamoDB tables the pipeline uses: `users` (plans and the quota ledger),
 * `jobs`, `series` (series memory), `feeds` (subscribable feeds), `pacing` (shared provider
 * limits, `@lumcast/pacing`).
 */
export const PIPELINE_TABLES = ['users', 'jobs', 'series', 'feeds', 'pacing'] as const;

/** One of {@link PIPELINE_TABLES}. */
export type PipelineTable = (typeof PIPELINE_TABLES)[number];

function prefixOf(key: string): string {
  return `${key.slice(0, key.indexOf('/'))}/`;
}

/**
 * The key prefixes of the audio bucket, derived from {@link objectKeys} (so a
 * renamed key moves its grant with it): `chunks/`, `scripts/`, `episodes/`, `sources/`.
 */
export const OBJECT_PREFIXES = Object.freeze({
  chunks: prefixOf(objectKeys.chunk('u', 'j', 0)),
  scripts: prefixOf(objectKeys.script('u', 'j')),
  episodes: prefixOf(objectKeys.episodeAudio('u', 'j')),
  sources: prefixOf(objectKeys.source('u', 's')),
} as const);

/** One key family of {@link OBJECT_PREFIXES}. */
export type ObjectFamily = keyof typeof OBJECT_PREFIXES;

/** The DynamoDB actions the pipeline's code sends (`GetItemCommand` → `dynamodb:GetItem`, ...). */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:Query';

/**
 * The S3 object actions the pipeline's code needs (`DeleteObjectsCommand` is
 * authorized per key as `s3:DeleteObject`; a presigned GET as `s3:GetObject`).
 */
export type ObjectAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

/**
 * What one function reads and writes. Tables and key families it does not
 * touch are absent; the four services are named by their exact IAM action.
 */
export interface FunctionAccess {
  /** Per table, the exact DynamoDB actions on the table itself. */
  readonly tables: Readonly<Partial<Record<PipelineTable, readonly TableAction[]>>>;
  /**
   * Per table, the global secondary indexes the function queries: `dynamodb:Query` on
   * `<table ARN>/index/<name>`, each index by name (a grant on the table does not reach them).
   */
  readonly indexQueries?: Readonly<Partial<Record<PipelineTable, readonly string[]>>>;
  /** Per key family of the audio bucket, the exact S3 actions on `<prefix>*`. */
  readonly objects: Readonly<Partial<Record<ObjectFamily, readonly ObjectAction[]>>>;
  /**
   * `s3:ListBucket` on the audio bucket itself: without it S3 answers a GetObject of a key that
   * does not exist with 403 AccessDenied rather than 404 NoSuchKey, so a missing object could not
   * be told from a denied one.
   */
  readonly bucketListing?: readonly ['s3:ListBucket'];
  /** `sqs:SendMessage` on the job queue. */
  readonly queue?: readonly ['sqs:SendMessage'];
  /** `states:StartExecution` on the episode state machine. */
  readonly stateMachine?: readonly ['states:StartExecution'];
  /** `polly:SynthesizeSpeech` (Polly has no resource for it but lexicons). */
  readonly speech?: readonly ['polly:SynthesizeSpeech'];
  /** `bedrock:InvokeModel` (what Converse needs) on the configured model. */
  readonly model?: readonly ['bedrock:InvokeModel'];
}

/**
 * What each function's code path sends, read from the code, so the CDK app
 * grants exactly this and nothing else:
 *
 * - `api`: `JobsTable.create` (PutItem), `.get` (GetItem), `.listForUser` (Query, also
 *   with a projection when paged), `.setStatus` (UpdateItem: the job is failed when
 *   `SendMessage` fails); `QuotaLedger.usage` and `.admit` (GetItem on users, plan and counters);
 *   `QuotaLedger.reserve` and, when the job cannot be recorded or queued, `.release`: each one
 *   `TransactWriteItems` of the user's counters (UpdateItem) and the job's record (PutItem or
 *   UpdateItem), both on users, which IAM authorizes per item as those actions; a release of a
 *   job with no record is one PutItem;
 *   `QuotaLedger.countDraft` for a review job (GetItem, then `TransactWriteItems` of UpdateItem
 *   and PutItem on users; GetItem of its draft record when refused);
 *   `SqsJobQueue.send`; `PresignedEpisodeLinks.forJob` (a presigned GetObject on episodes);
 *   a job's script read (GetObject on scripts), an edited version stored (PutObject on scripts)
 *   and made the latest (UpdateItem on jobs); a render (`POST …/render`): its plan stored
 *   (PutObject on scripts), its quote held under its own ledger id (`admit`, as above), the
 *   render started (`startRender`, UpdateItem on jobs), its message sent;
 *   `PresignedSourceUploads.formFor` (a presigned POST, which S3 authorizes as the signer's
 *   PutObject on sources);
 *   the feeds: `FeedsTable.create` (`TransactWriteItems` of the user's counter, UpdateItem, and
 *   the feed, PutItem), `.revoke` (`TransactWriteItems` of the feed, DeleteItem, and the
 *   counter, UpdateItem), both after, for a user whose feeds predate the counter, a count on the
 *   `user-feeds` index (Query) and its conditional write (UpdateItem); `.get` (GetItem),
 *   `.listForUser` (Query of `user-feeds`); a series
 *   feed's episodes, `SeriesEpisodes.listPage` (Query of the jobs table's `series-episodes`);
 *   a series' host profiles, `SeriesHostProfiles.get` (GetItem on series: the hosts routes, and
 *   `POST /api/podcasts` with a `seriesId`) and `.put` (PutItem on series).
 * - `sqs-consumer`: `JobsTable.get` (GetItem on jobs), `StepFunctionsStarter.start`; no quota
 *   read, the API reserved the job before queueing it.
 * - `write-script`: `JobsTable.get`/`.setStatus`, `SeriesMemory.recall` (Query on series),
 *   PlanRender's plan read (GetObject on scripts) and `markRenderStarted` (UpdateItem on jobs),
 *   the script, its outline and its parts written and read back between the phases
 *   (outline, chapters, finish) of one function (Put/GetObject on scripts),
 *   `BedrockScriptWriter` (Converse = InvokeModel), each call after `ProviderPacer.acquire` for the
 *   model (UpdateItem on pacing); an uploaded source read (GetObject on
 *   sources, and ListBucket on the bucket so that a source never uploaded, or expired, is S3's
 *   404 — `ObjectNotFoundError`, a `SourceFileError` `missing` — not a 403).
 * - `synthesize`: `ProviderPacer.acquire` for Polly's engine (UpdateItem on pacing),
 *   `PollySynthesizer.synthesize`, the chunk written at its address (`episodes/<job>/chunks/`,
 *   PutObject on episodes; a chunk of an execution started before addresses: PutObject on chunks),
 *   `JobsTable.markChunkDone` (UpdateItem).
 * - `assemble`: `JobsTable.setStatus`/`.recordAssembled` (UpdateItem), the script and the
 *   chunks read (GetObject on chunks, and on episodes by address), the episode and captions
 *   written (PutObject on episodes), the chunks' addresses recorded (UpdateItem); a render's plan
 *   read (GetObject on scripts) and the render recorded (`recordRenderAssembled`, UpdateItem).
 * - `callback`: `JobsTable.get`/`.setStatus` and `QuotaLedger` (`settle`, which reads the plan
 *   with GetItem on users only when a hold's week ended, and `release`: `TransactWriteItems` of UpdateItem, PutItem or, when a charge of
 *   0 slots changes no counter, ConditionCheckItem on users; `release` of an unknown job: PutItem,
 *   then GetItem of its record), the script read for
 *   series memory (GetObject on scripts), `SeriesMemory.remember` (PutItem on series),
 *   the audio deleted when over the limit (DeleteObject on episodes).
 * - `dead-letters` (the job queue's dead-letter queue): `JobsTable.get`/`.setStatus` (GetItem,
 *   UpdateItem on jobs) and `QuotaLedger.release` (as the api's: `TransactWriteItems` of UpdateItem
 *   on users, PutItem for a job with no record, then GetItem of it); no execution, no objects.
 */
export const FUNCTION_ACCESS: Readonly<Record<PipelineFunction, FunctionAccess>> = Object.freeze({
  api: {
    tables: {
      jobs: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
      users: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
      feeds: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
      series: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    },
    // The names of SERIES_EPISODES_INDEX and FEEDS_TABLE_KEY.userIndex (a test holds them equal;
    // imported, they would pull table code into every bundle that reads this declaration).
    indexQueries: { jobs: ['series-episodes'], feeds: ['user-feeds'] },
    objects: {
      scripts: ['s3:GetObject', 's3:PutObject'],
      episodes: ['s3:GetObject'],
      sources: ['s3:PutObject'],
    },
    queue: ['sqs:SendMessage'],
  },
  'sqs-consumer': {
    tables: {
      jobs: ['dynamodb:GetItem'],
    },
    objects: {},
    stateMachine: ['states:StartExecution'],
  },
  'write-script': {
    tables: {
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      series: ['dynamodb:Query'],
      pacing: ['dynamodb:UpdateItem'],
    },
    objects: { scripts: ['s3:PutObject', 's3:GetObject'], sources: ['s3:GetObject'] },
    bucketListing: ['s3:ListBucket'],
    model: ['bedrock:InvokeModel'],
  },
  synthesize: {
    tables: { jobs: ['dynamodb:UpdateItem'], pacing: ['dynamodb:UpdateItem'] },
    objects: { chunks: ['s3:PutObject'], episodes: ['s3:PutObject'] },
    speech: ['polly:SynthesizeSpeech'],
  },
  assemble: {
    tables: { jobs: ['dynamodb:UpdateItem'] },
    objects: {
      scripts: ['s3:GetObject'],
      chunks: ['s3:GetObject'],
      episodes: ['s3:PutObject', 's3:GetObject'],
    },
  },
  callback: {
    tables: {
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      users: [
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
        'dynamodb:PutItem',
        'dynamodb:ConditionCheckItem',
      ],
      series: ['dynamodb:PutItem'],
    },
    objects: { scripts: ['s3:GetObject'], episodes: ['s3:DeleteObject'] },
  },
  'dead-letters': {
    tables: {
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      users: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
    },
    objects: {},
  },
});

/**
 * Every IAM action one function needs, de-duplicated and sorted (for tests and reports).
 *
 * @example
 * ```ts
 * actionsOfFunction('synthesize'); // ['dynamodb:UpdateItem', 'polly:SynthesizeSpeech', 's3:PutObject']
 * ```
 */
export function actionsOfFunction(name: PipelineFunction): string[] {
  const access = FUNCTION_ACCESS[name];
  const actions = [
    ...Object.values(access.tables).flat(),
    ...(Object.keys(access.indexQueries ?? {}).length > 0 ? ['dynamodb:Query'] : []),
    ...Object.values(access.objects).flat(),
    ...(access.bucketListing ?? []),
    ...(access.queue ?? []),
    ...(access.stateMachine ?? []),
    ...(access.speech ?? []),
    ...(access.model ?? []),
  ];
  return [...new Set(actions)].sort();
}
