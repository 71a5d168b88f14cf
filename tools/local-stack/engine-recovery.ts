import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RVER_CREDENTIALS, type AwsEmulator, type FunctionSpec } from '@lumcast/aws-emulator';
import {
  audioStoreFrom,
  jobsTableFrom,
  ledgerFrom,
  readEnvironment,
  type JobQueue,
  type PipelineServices,
} from '@lumcast/pipeline';
import { recoverUnfinishedJobs, type JobsTableScan, type RecoveredJobs } from './recover-jobs';

/** The function whose `Handler` is `<handlerName>.handler`. */
function functionNamed(emulator: AwsEmulator, handlerName: string): FunctionSpec {
  const fn = emulator.app.functions.find((candidate) => candidate.handlerName === handlerName);
  if (!fn) throw new Error(`The synthesized app has no ${handlerName} function`);
  return fn;
}

/** What recovery reads and writes, and the clients it holds until `close`. */
export interface EngineRecoveryServices extends Pick<
  PipelineServices,
  'jobs' | 'ledger' | 'store'
> {
  jobsTable: JobsTableScan;
  close(): void;
}

/**
 * The jobs table, the quota ledger and the audio bucket as the callback function sees them (its
 * template environment), reached past the front doors: DynamoDB Local and the S3 server
 * themselves, as the run's operator. Only what recovery reads and writes.
 */
export function engineRecoveryServices(emulator: AwsEmulator): EngineRecoveryServices {
  const env = readEnvironment(functionNamed(emulator, 'callback').environment);
  const region = emulator.app.account.region;
  const dynamodb = new DynamoDBClient({
    region,
    endpoint: emulator.dynamodbUrl,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const s3 = new S3Client({
    region,
    endpoint: emulator.s3ServerUrl,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const jobs = jobsTableFrom(env, dynamodb);
  const ledger = ledgerFrom(env, dynamodb);
  const store = audioStoreFrom(env, s3);
  return {
    jobs: () => jobs,
    ledger: () => ledger,
    store: () => store,
    jobsTable: { client: dynamodb, tableName: env.LUMCAST_JOBS_TABLE },
    close() {
      dynamodb.destroy();
      s3.destroy();
    },
  };
}

/**
 * The synthesized app's callback function, invoked in its Lambda container as the state machine
 * invokes it; a function error is thrown.
 */
export function callbackFunction(emulator: AwsEmulator): (input: unknown) => Promise<unknown> {
  const { logicalId } = functionNamed(emulator, 'callback');
  return async (input) => {
    const answer = await emulator.runtime.invoke(logicalId, input);
    if (answer.functionError) {
      throw new Error(`The callback function failed: ${JSON.stringify(answer.payload)}`);
    }
    return answer.payload;
  };
}

/**
 * What the engine run does at start with the jobs a stop or a crash interrupted (its queue
 * messages and executions live in memory): as the in-process stack does (`./recover-jobs.ts`),
 * a job still `queued` is sent again to the template's job queue, one charged but not `ready` is
 * finished through the callback function, and any other unfinished job ends `failed`, uncharged.
 */
export async function recoverEngineJobs(emulator: AwsEmulator): Promise<RecoveredJobs> {
  const services = engineRecoveryServices(emulator);
  const queueUrl = functionNamed(emulator, 'api').environment['LUMCAST_QUEUE_URL'];
  if (!queueUrl)
    throw new Error('The api function of the synthesized app has no LUMCAST_QUEUE_URL');
  const queue: JobQueue = {
    async send(message) {
      await emulator.queues.handle('SendMessage', {
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(message),
      });
    },
  };
  const callback = callbackFunction(emulator);
  try {
    return await recoverUnfinishedJobs(services, callback, services.jobsTable, queue);
  } finally {
    services.close();
  }
}
