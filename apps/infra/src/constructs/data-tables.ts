import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { JOBS_TABLE_KEY, SERIES_EPISODES_INDEX, SERIES_MEMORY_TABLE_KEY } from '@lumcast/pipeline';
import { QUOTA_RECORD_TTL_ATTRIBUTE, USERS_TABLE_KEY } from '@lumcast/quota';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/**
 * Props of {@link DataTables}.
 *
 * @example
 * ```ts
 * const props: DataTablesProps = { config };
 * ```
 */
export interface DataTablesProps {
  readonly config: StageConfig;
}

/**
 * The three DynamoDB tables: `users` (quota state; partition `userId`), `jobs`
 * (partition `userId`, sort `jobId`; index `series-episodes` on `userSeries` +
 * `createdAt`, projecting the list fields, see `SERIES_EPISODES_INDEX`; no role is granted it
 * until a caller exists) and series memory (the key schema exported by
 * `@lumcast/pipeline`: partition `seriesKey`, sort `episodeAt`). All on-demand, encrypted with the AWS-managed key, point-in-time
 * recovery always on; deletion protection and RETAIN in prod.
 *
 * @example
 * ```ts
 * const tables = new DataTables(stack, 'Tables', { config });
 * tables.jobs.grants.actions(fn, 'dynamodb:GetItem');
 * ```
 */
export class DataTables extends Construct {
  readonly users: Table;
  readonly jobs: Table;
  readonly series: Table;

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
  }
}
