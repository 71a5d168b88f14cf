import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { LumcastStack } from './lumcast-stack';
import { resolveStageConfig } from './stage-config';

// `cdk synth` / `cdk deploy` entry (cdk.json: `npx tsx src/main.ts`).
const app = new App();
const config = resolveStageConfig((key) => app.node.tryGetContext(key));
new LumcastStack(app, `Lumcast-${config.stage}`, {
  config,
  description: `Lumcast (${config.stage}): AI podcasts with a weekly quota`,
  tags: { project: 'lumcast', stage: config.stage },
});
// cdk-nag runs on every synth: an unacknowledged finding stops it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
