import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionSpec, QueueSpec } from '../src/template/synthesized-app';

/**
 * Writes ESM handler bundles to a throwaway folder and returns FunctionSpecs for them, for unit
 * tests of the runtime parts that do not need the synthesized app.
 *
 * @example
 * ```ts
 * const fixture = bundles({ echo: 'export const handler = async (e) => e;' });
 * fixture.cleanup();
 * ```
 */
export function bundles(
  sources: Record<string, string>,
  overrides: Partial<Record<string, Partial<FunctionSpec>>> = {},
): { functions: FunctionSpec[]; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'aws-emulator-bundles-'));
  const functions = Object.entries(sources).map(([name, source]): FunctionSpec => {
    const bundleFile = path.join(dir, `${name}.mjs`);
    writeFileSync(bundleFile, source);
    return {
      logicalId: name,
      functionName: `local-${name}`,
      functionArn: `arn:aws:lambda:us-east-1:000000000000:function:local-${name}`,
      handlerName: name,
      bundleFile,
      exportName: 'handler',
      environment: { GREETING: 'hello' },
      memoryMiB: 128,
      timeoutSeconds: 3,
      roleLogicalId: `${name}Role`,
      roleArn: `arn:aws:iam::000000000000:role/${name}`,
      // The runtime the run accepts here: this process's Node major.
      runtime: `nodejs${process.versions.node.split('.')[0]}.x`,
      architectures: ['arm64'],
      ...overrides[name],
    };
  });
  return { functions, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A standard queue of the local account as the template model reads one (visibility timeout 2 s,
 * no delay, four days' retention), with `overrides` (e.g. a `redrive` policy).
 *
 * @example
 * ```ts
 * const jobs = queueSpec('Jobs', { redrive: { deadLetterQueueLogicalId: 'JobsDlq', maxReceiveCount: 3 } });
 * ```
 */
export function queueSpec(name: string, overrides: Partial<QueueSpec> = {}): QueueSpec {
  return {
    logicalId: name,
    queueName: name,
    queueUrl: `http://sqs.local/000000000000/${name}`,
    queueArn: `arn:aws:sqs:us-east-1:000000000000:${name}`,
    visibilityTimeoutSeconds: 2,
    messageRetentionSeconds: 345600,
    delaySeconds: 0,
    receiveMessageWaitTimeSeconds: 0,
    fifo: false,
    ...overrides,
  };
}
