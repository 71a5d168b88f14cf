/**
 * Synthesis benchmark: how long the Lumcast stack takes to build and synthesize
 * in-process (stand-in build outputs, no network), and how long cdk-nag's
 * AwsSolutions checks take on it, against a baseline measured in the same run:
 * an App with one empty Stack. Also one run with CDK's built-in CloudFormation
 * validation, which is what `cdk synth` does by default.
 *
 * Run: `npx tsx --tsconfig apps/infra/tsconfig.json apps/infra/bench/synth-time.ts` (or `npx nx run infra:bench`).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { App, Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { LumcastStack } from '../src/lumcast-stack';
import { resolveStageConfig } from '../src/stage-config';
import { createStandInBuilds } from '../test/support/stand-in-builds';

const ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const builds = createStandInBuilds();
try {
  const baseline: number[] = [];
  const lumcast: number[] = [];
  const nag: number[] = [];
  let resources = 0;
  let templateBytes = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    baseline.push(
      time(() => {
        const app = new App({
          outdir: path.join(builds.root, `empty-${round}`),
          builtinCloudFormationValidation: false,
        });
        new Stack(app, 'Empty');
        app.synth();
      }),
    );
    let stack: LumcastStack | undefined;
    let outdir = '';
    lumcast.push(
      time(() => {
        outdir = path.join(builds.root, `lumcast-${round}`);
        const app = new App({
          context: { stage: 'prod' },
          outdir,
          builtinCloudFormationValidation: false,
        });
        const config = resolveStageConfig((key) => app.node.tryGetContext(key));
        stack = new LumcastStack(app, 'Lumcast', {
          config,
          functionsBundleDir: builds.functionsBundleDir,
          dashboardExportDir: builds.dashboardExportDir,
        });
        const template = app.synth().getStackByName('Lumcast').template as { Resources: object };
        resources = Object.keys(template.Resources).length;
        templateBytes = JSON.stringify(template).length;
      }),
    );
    const synthesized = stack;
    if (synthesized === undefined) throw new Error('stack not built');
    nag.push(time(() => new AwsSolutionsChecks().validateScope(synthesized)));
  }
  const validated = time(() => {
    const app = new App({
      context: { stage: 'prod' },
      outdir: path.join(builds.root, 'validated'),
    });
    const config = resolveStageConfig((key) => app.node.tryGetContext(key));
    new LumcastStack(app, 'Lumcast', {
      config,
      functionsBundleDir: builds.functionsBundleDir,
      dashboardExportDir: builds.dashboardExportDir,
    });
    app.synth();
  });

  const base = median(baseline);
  const rows: [string, number][] = [
    ['empty stack synth (baseline)', base],
    ['Lumcast stack build + synth', median(lumcast)],
    ['cdk-nag AwsSolutions on it', median(nag)],
    ['build + synth with CDK built-in CFN validation (1 run)', validated],
  ];
  console.log(
    `Lumcast infra synthesis, median of ${ROUNDS} (validation run: 1), ${resources} resources, ${templateBytes} template bytes`,
  );
  for (const [label, ms] of rows) {
    console.log(
      `${label.padEnd(56)} ${ms.toFixed(0).padStart(7)} ms  ${(ms / base).toFixed(1).padStart(6)}x baseline`,
    );
  }
} finally {
  builds.remove();
}
