import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { InfraConfigurationError } from './errors';
import { LumcastStack } from './lumcast-stack';
import { resolveStageConfig } from './stage-config';

// `cdk synth` / `cdk deploy` entry (cdk.json: `npx tsx src/main.ts`).
const app = new App();
try {
  const config = resolveStageConfig((key) => app.node.tryGetContext(key));
  new LumcastStack(app, `Lumcast-${config.stage}`, {
    config,
    description: `Lumcast (${config.stage}): AI podcasts with a weekly quota`,
    tags: { project: 'lumcast', stage: config.stage },
  });
} catch (error) {
  if (!(error instanceof InfraConfigurationError)) throw error;
  // A configuration problem (bad context, missing build): say what to do, no stack trace.
  console.error(`${error.name}: ${error.message}`);
  process.exit(1);
}
// cdk-nag runs on every synth: an unacknowledged finding stops it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
