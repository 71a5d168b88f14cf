import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CfnTemplate } from '@lumcast/aws-emulator';

/** The cloud assembly `npx nx run infra:synth` writes (the tests read the real one). */
export const CDK_OUT_DIR = path.resolve(__dirname, '../../../../dist/apps/infra/cdk.out');

/**
 * The raw synthesized template, to compare the resolved model against; fails loudly (never skips)
 * when `infra:synth` has not run.
 *
 * @example
 * ```ts
 * const raw = readSynthesizedTemplate();
 * Object.values(raw.Resources).filter((r) => r.Type === 'AWS::DynamoDB::Table');
 * ```
 */
export function readSynthesizedTemplate(): CfnTemplate {
  const manifest = JSON.parse(readFileSync(path.join(CDK_OUT_DIR, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const stack = Object.values(manifest.artifacts).find(
    (a) => a.type === 'aws:cloudformation:stack',
  );
  const file = path.join(CDK_OUT_DIR, String(stack?.properties?.templateFile));
  if (!existsSync(file))
    throw new Error(`No synthesized template at ${file}: run \`npx nx run infra:synth\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
}

/**
 * The raw resources of one type, with their logical ids.
 *
 * @example
 * ```ts
 * resourcesOfType(raw, 'AWS::SQS::Queue').map(([id]) => id);
 * ```
 */
export function resourcesOfType(template: CfnTemplate, type: string) {
  return Object.entries(template.Resources).filter(([, r]) => r.Type === type);
}
