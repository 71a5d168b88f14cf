import { BEDROCK_MODEL_ID_PATTERN } from '@lumcast/script-generation';

/**
 * What `npm start`'s settings change in the template: `LUMCAST_BEDROCK_MODEL_ID` is the model the
 * write-script function's role may invoke, so the app is synthesized for it (`--context
 * bedrockModelId=…`, cached per model by Nx) and IAM grants the model the run is configured with,
 * as a deployment with that context would.
 *
 * @throws Error naming the variable for an id that is not one (before Nx splits it into words).
 */
export function synthContext(env: NodeJS.ProcessEnv): string[] {
  const model = env['LUMCAST_BEDROCK_MODEL_ID']?.trim();
  if (!model) return [];
  if (!BEDROCK_MODEL_ID_PATTERN.test(model)) {
    throw new Error(
      `LUMCAST_BEDROCK_MODEL_ID: ${JSON.stringify(model)} is not a Bedrock model or inference profile id`,
    );
  }
  return ['--context', `bedrockModelId=${model}`];
}
