import path from 'node:path';
import { CloudAssemblyError } from '../errors';
import { ComputeModel } from './compute-model';
import { StorageModel } from './storage-model';
import { asRecord, findStack, readJson } from './template-reader';
import { TemplateResolver, type CfnTemplate } from './template-resolver';
import type { LocalAccount, LocalEndpointNames, SynthesizedApp } from './synthesized-app';
import { WorkflowModel } from './workflow-model';

/**
 * The one local "account" the emulated app lives in.
 *
 * @example
 * ```ts
 * `arn:${LOCAL_ACCOUNT.partition}:s3:::bucket`;
 * ```
 */
export const LOCAL_ACCOUNT: LocalAccount = {
  region: 'us-east-1',
  accountId: '000000000000',
  partition: 'aws',
};

/**
 * Where the cloud assembly is and what only the run knows.
 *
 * @example
 * ```ts
 * const options: LoadSynthesizedAppOptions = { cdkOutDir: 'dist/apps/infra/cdk.out', endpoints: {} };
 * ```
 */
export interface LoadSynthesizedAppOptions {
  /** The folder `infra:synth` writes (`manifest.json`, the templates, the asset folders). */
  readonly cdkOutDir: string;
  readonly endpoints: LocalEndpointNames;
  /** Which stack of the assembly; needed only when it has more than one. */
  readonly stackName?: string;
}

/**
 * Reads the cloud assembly `npx nx run infra:synth` writes and returns the stack as the local
 * run deploys it: every `Ref`/`Fn::GetAtt`/`Fn::Join`/`Fn::Sub`/`Fn::Select`/`Fn::Split`/pseudo
 * parameter resolved to local names and ARNs (region `us-east-1`, account `000000000000`); each
 * application function with its bundle file on disk and exactly the template's environment; the
 * state machine definition parsed after CDK's `DefinitionSubstitutions`. Resources are found by
 * type and by what references what, never by logical id. Throws `CloudAssemblyError` (or
 * `UnresolvableIntrinsicError`) instead of guessing.
 *
 * @example
 * ```ts
 * const app = loadSynthesizedApp({ cdkOutDir: 'dist/apps/infra/cdk.out', endpoints: { sqsBaseUrl: sqs.url } });
 * const consumer = app.functions.find((f) => f.handlerName === 'sqs-consumer');
 * consumer.environment.STATE_MACHINE_ARN === app.stateMachine.stateMachineArn; // true
 * ```
 */
export function loadSynthesizedApp(options: LoadSynthesizedAppOptions): SynthesizedApp {
  const cdkOutDir = path.resolve(options.cdkOutDir);
  const { stackName, templateFile } = findStack(cdkOutDir, options.stackName);
  const template = asRecord(readJson(templateFile), templateFile) as unknown as CfnTemplate;
  if (template.Resources === undefined)
    throw new CloudAssemblyError(`${templateFile} has no Resources`);
  const resolver = new TemplateResolver(template, {
    stackName,
    account: LOCAL_ACCOUNT,
    endpoints: options.endpoints,
  });
  const compute = new ComputeModel(resolver, cdkOutDir, templateFile);
  const storage = new StorageModel(resolver, cdkOutDir, templateFile);
  const workflow = new WorkflowModel(resolver, cdkOutDir, templateFile);
  const deployTime = compute.deployTimeFunctions();
  return {
    stackName,
    account: LOCAL_ACCOUNT,
    templateFile,
    functions: compute.functions(new Set(deployTime)),
    deployTimeFunctionLogicalIds: deployTime,
    tables: storage.tables(),
    buckets: storage.buckets(),
    queues: storage.queues(),
    eventSourceMappings: storage.eventSourceMappings(),
    stateMachine: workflow.stateMachine(),
    httpApi: workflow.httpApi(),
    eventRules: workflow.eventRules(),
    lambdaPermissions: compute.lambdaPermissions(),
    roles: compute.roles(),
    bucketPolicies: compute.resourcePolicies('AWS::S3::BucketPolicy', 'Bucket', 'AWS::S3::Bucket'),
    queuePolicies: compute.resourcePolicies('AWS::SQS::QueuePolicy', 'Queues', 'AWS::SQS::Queue'),
    ...(workflow.userPool() === undefined ? {} : { userPool: workflow.userPool() }),
    userPoolClients: workflow.userPoolClients(),
    physicalIds: workflow.physicalIds(),
  };
}
