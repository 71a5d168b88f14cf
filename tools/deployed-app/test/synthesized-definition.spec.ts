import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type InvocationResult,
  StateMachineRunner,
  type ExecutionStatusChangeEvent,
} from '@lumcast/aws-emulator';

const template = JSON.parse(
  readFileSync(
    path.resolve(__dirname, '../../../dist/apps/infra/cdk.out/Lumcast-dev.template.json'),
    'utf8',
  ),
) as { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };

/** The template's definition with CDK's substitutions made (each function ARN named after its placeholder). */
function synthesizedDefinition(): { definition: unknown; arns: Record<string, string> } {
  const machine = Object.values(template.Resources).find(
    (r) => r.Type === 'AWS::StepFunctions::StateMachine',
  )!;
  const arns = Object.fromEntries(
    Object.keys(machine.Properties['DefinitionSubstitutions'] ?? {}).map((name) => [
      name,
      `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    ]),
  );
  const text = String(machine.Properties['DefinitionString']).replace(
    /\$\{(\w+)\}/g,
    (_m, name: string) => arns[name] ?? `\${${name}}`,
  );
  return { definition: JSON.parse(text), arns };
}

describe('the runner on the synthesized definition', () => {
  it('loads the template definition and, when the first step fails, reports the failure with the Lambda error and ends the execution', async () => {
    const { definition, arns } = synthesizedDefinition();
    const calls: { arn: string; input: any }[] = [];
    const events: ExecutionStatusChangeEvent[] = [];
    const stateMachineArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:Podcast';
    const runner = await StateMachineRunner.load({
      stateMachine: {
        logicalId: 'Podcast',
        stateMachineArn,
        name: 'Podcast',
        definition,
        roleLogicalId: 'R',
        roleArn: 'arn:aws:iam::000000000000:role/sfn',
        type: 'STANDARD',
      },
      timeScale: 0.001,
      onStatusChange: (event) => events.push(event),
      invoke: async (arn, input): Promise<InvocationResult> => {
        calls.push({ arn, input });
        if (arn === arns['WriteScriptFunctionArn']) {
          return {
            payload: { errorType: 'ScriptRejectedError', errorMessage: 'no', trace: [] },
            functionError: 'Unhandled',
          };
        }
        return { payload: { recorded: true } };
      },
    });
    await runner.handle('StartExecution', {
      stateMachineArn,
      name: 'job-1',
      input: JSON.stringify({ userId: 'u1', jobId: 'job-1' }),
    });
    await runner.idle();
    const callback = calls.find((c) => c.arn === arns['CallbackFunctionArn']);
    expect(callback).toBeDefined();
    expect(JSON.stringify(callback!.input)).toContain('ScriptRejectedError');
    expect(events.map((e) => e.detail.status).at(-1)).toMatch(/^(SUCCEEDED|FAILED)$/);
    expect(runner.list()[0]!.status).not.toBe('RUNNING');
  });
});
