import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import {
  FEEDS_TABLE_KEY,
  JOBS_TABLE_KEY,
  SERIES_EPISODES_INDEX,
  SERIES_MEMORY_TABLE_KEY,
} from '@lumcast/pipeline';
import { PACING_TABLE_KEY, PACING_TTL_ATTRIBUTE } from '@lumcast/pacing';
import { QUOTA_RECORD_TTL_ATTRIBUTE, USERS_TABLE_KEY } from '@lumcast/quota';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Props of {@link DataTables}. */
export interface DataTablesProps {
  readonly config: StageConfig;
}

/**
 * The four DynamoDB tables: `users` (quota state; partition `userId`), `jobs`
 * (partition `userId`, sort `jobId`; index `series-episodes` on `userSeries` +
 * `createdAt`, projecting the list fields, see `SERIES_EPISODES_INDEX`; the api queries it for
 * a series feed's episodes), series memory (the key schema exported by `@lumcast/pipeline`:
 * partition `seriesKey`, sort `episodeAt`) and `feeds` (subscribable feed links; partition
 * `feedId`, index `user-feeds` on `userId` + `createdAt` projecting every attribute, see
 * `FEEDS_TABLE_KEY`; the api queries it to list and count a user's feeds). All on-demand,
 * encrypted with the AWS-managed key, point-in-time recovery always on; deletion protection and
 * RETAIN in prod. No role reaches an index through its table grant: each index a function
 * queries is granted by its own ARN (`constructs/pipeline-access.ts`).
 */
export class DataTables extends Construct {
  readonly users: Table;
  readonly jobs: Table;
  readonly series: Table;
  readonly feeds: Table;
  readonly pacing: Table;

  constructor(scope: Construct, id: string, props: DataTablesProps) {
    super(scope, id);
    const common = {
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.config.deletionProtection,
      removalPolicy: props.config.removalPolicy,
    };
    this.users = new Table(this, 'Users', {
      ...common,
      partitionKey: { name: USERS_TABLE_KEY.partitionKey, type: AttributeType.STRING },
      // The quota ledger's per-job and per-grant records expire by this attribute (epoch seconds).
      timeToLiveAttribute: QUOTA_RECORD_TTL_ATTRIBUTE,
    });
    this.jobs = new Table(this, 'Jobs', {
      ...common,
      partitionKey: { name: JOBS_TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: JOBS_TABLE_KEY.sortKey, type: AttributeType.STRING },
    });
    // A series' episodes, newest first. DynamoDB cannot change an index's projection in place:
    // changing nonKeyAttributes means a new index (another name), then dropping this one.
    this.jobs.addGlobalSecondaryIndex({
      indexName: SERIES_EPISODES_INDEX.name,
      partitionKey: { name: SERIES_EPISODES_INDEX.partitionKey, type: AttributeType.STRING },
      sortKey: { name: SERIES_EPISODES_INDEX.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.INCLUDE,
      nonKeyAttributes: [...SERIES_EPISODES_INDEX.nonKeyAttributes],
    });
    this.series = new Table(this, 'Series', {
      ...common,
      partitionKey: { name: SERIES_MEMORY_TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: SERIES_MEMORY_TABLE_KEY.sortKey, type: AttributeType.STRING },
    });
    this.feeds = new Table(this, 'Feeds', {
      ...common,
      partitionKey: { name: FEEDS_TABLE_KEY.partitionKey, type: AttributeType.STRING },
    });
    // A user's feeds, newest first; ALL because a listed feed is the whole (small) record.
    this.feeds.addGlobalSecondaryIndex({
      indexName: FEEDS_TABLE_KEY.userIndex.name,
      partitionKey: { name: FEEDS_TABLE_KEY.userIndex.partitionKey, type: AttributeType.STRING },
      sortKey: { name: FEEDS_TABLE_KEY.userIndex.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
    // Shared provider limits: one small item per key (Polly's engines, Bedrock's model), one
    // conditional write per grant; an idle key's item expires by TTL.
    this.pacing = new Table(this, 'Pacing', {
      ...common,
      partitionKey: { name: PACING_TABLE_KEY, type: AttributeType.STRING },
      timeToLiveAttribute: PACING_TTL_ATTRIBUTE,
    });
  }
}
