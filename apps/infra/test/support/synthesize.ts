import path from 'node:path';
import { App, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { LumcastStack } from '../../src/lumcast-stack';
import { resolveStageConfig } from '../../src/stage-config';
import { createStandInBuilds, type StandInBuilds } from './stand-in-builds';

/** A synthesized Lumcast stack over stand-in build outputs. */
export interface SynthesizedLumcast {
  readonly app: App;
  readonly stack: LumcastStack;
  readonly template: Template;
  readonly builds: StandInBuilds;
}

/**
 * Builds the stack with the given CDK context (default `stage=dev`) over temp
 * stand-in builds (see stand-in-builds.ts). CDK's built-in CloudFormation
 * validation is off here only because it costs ~14 s per synth on this machine;
 * the `synth` target (`cdk synth`) runs it, and cdk-nag runs in nag.spec.ts.
 */
export function synthesizeLumcast(
  context: Record<string, unknown> = { stage: 'dev' },
): SynthesizedLumcast {
  const builds = createStandInBuilds();
  const app = new App({
    context,
    outdir: path.join(builds.root, 'cdk.out'),
    builtinCloudFormationValidation: false,
  });
  const config = resolveStageConfig((key) => app.node.tryGetContext(key));
  const stack = new LumcastStack(app, 'LumcastTest', {
    config,
    functionsBundleDir: builds.functionsBundleDir,
    dashboardExportDir: builds.dashboardExportDir,
  });
  return { app, stack, template: Template.fromStack(stack), builds };
}

/** Logical id of a construct's CloudFormation resource (its default child). */
export function logicalIdOf(stack: Stack, construct: IConstruct): string {
  return stack.resolve((construct.node.defaultChild as CfnElement).logicalId) as string;
}
