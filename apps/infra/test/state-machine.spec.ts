import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_STATE_MACHINE_DEFINITION, type HandlerName } from '../src/build-outputs';
import { FUNCTION_SIZING } from '../src/constructs/pipeline-functions';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

interface AslState {
  readonly Type: string;
  readonly Resource?: string;
  readonly MaxConcurrency?: number;
  readonly TimeoutSeconds?: number;
  readonly Retry?: { readonly ErrorEquals: string[] }[];
  readonly Catch?: { readonly ErrorEquals: string[]; readonly Next: string }[];
  readonly ItemProcessor?: { readonly States: Record<string, AslState> };
}

let synthesized: SynthesizedLumcast;
let properties: Record<string, unknown>;
let definition: { States: Record<string, AslState> };
let definitionString: string;

beforeAll(() => {
  synthesized = synthesizeLumcast();
  const machines = synthesized.template.findResources('AWS::StepFunctions::StateMachine');
  expect(Object.keys(machines)).toHaveLength(1);
  properties = Object.values(machines)[0]?.['Properties'];
  definitionString = properties['DefinitionString'] as string;
  definition = JSON.parse(definitionString);
});

afterAll(() => synthesized.builds.remove());

const HANDLER_OF_PLACEHOLDER: Record<string, HandlerName> = {
  WriteScriptFunctionArn: 'write-script',
  SynthesizeFunctionArn: 'synthesize',
  AssembleFunctionArn: 'assemble',
  CallbackFunctionArn: 'callback',
};

/** Every Task state, at the top level and inside every Map, with the function it invokes. */
function taskStates(): { name: string; state: AslState; handler: HandlerName | undefined }[] {
  const found: { name: string; state: AslState; handler: HandlerName | undefined }[] = [];
  const walk = (states: Record<string, AslState>): void => {
    for (const [name, state] of Object.entries(states)) {
      if (state.Type === 'Task') {
        const placeholder = /\$\{(\w+)\}/.exec(JSON.stringify(state))?.[1];
        found.push({ name, state, handler: HANDLER_OF_PLACEHOLDER[placeholder ?? ''] });
      }
      if (state.ItemProcessor !== undefined) walk(state.ItemProcessor.States);
    }
  };
  walk(definition.States);
  return found;
}

describe('the rendered state machine definition', () => {
  it('is the shared ASL file, unchanged', () => {
    expect(definition).toEqual(JSON.parse(readFileSync(DEFAULT_STATE_MACHINE_DEFINITION, 'utf8')));
  });

  it('has a substitution for every placeholder, each the ARN of the matching function', () => {
    const placeholders = [...definitionString.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]);
    const substitutions = properties['DefinitionSubstitutions'] as Record<string, unknown>;
    expect(new Set(placeholders)).toEqual(new Set(Object.keys(substitutions)));
    for (const [name, handler] of Object.entries(HANDLER_OF_PLACEHOLDER)) {
      const fn = synthesized.stack.functions.byHandler[handler];
      expect(substitutions[name]).toEqual({
        'Fn::GetAtt': [logicalIdOf(synthesized.stack, fn), 'Arn'],
      });
    }
  });

  it('bounds the synthesize Map at 4 concurrent chunks', () => {
    const map = definition.States['SynthesizeChunks'];
    expect(map?.Type).toBe('Map');
    expect(map?.MaxConcurrency).toBe(4);
  });

  it('retries throttled chunk synthesis and catches every failure of the Map', () => {
    const map = definition.States['SynthesizeChunks'];
    const chunk = map?.ItemProcessor?.States['SynthesizeChunk'];
    const retried = (chunk?.Retry ?? []).flatMap((retry) => retry.ErrorEquals);
    expect(retried).toEqual(
      expect.arrayContaining(['ThrottlingException', 'Lambda.TooManyRequestsException']),
    );
    expect(map?.Catch).toEqual([
      expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'ReportFailure' }),
    ]);
  });

  it('retries every task, inside the Maps too, and each invokes one of the four functions', () => {
    const tasks = taskStates();
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tasks.map((task) => task.handler))).toEqual(
      new Set(['write-script', 'synthesize', 'assemble', 'callback']),
    );
    for (const { name, state } of tasks) {
      expect({ name, retries: (state.Retry ?? []).length > 0 }).toEqual({ name, retries: true });
    }
  });

  it('sends every failing step except the failure report itself to ReportFailure', () => {
    for (const [name, state] of Object.entries(definition.States)) {
      if (state.Type !== 'Task' && state.Type !== 'Map') continue;
      if (name === 'ReportFailure') continue;
      expect({ name, catch: state.Catch?.map((c) => c.Next) }).toEqual({
        name,
        catch: ['ReportFailure'],
      });
    }
  });
});

describe('the state machine resource', () => {
  it('logs every event with execution data and traces with X-Ray', () => {
    synthesized.template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      LoggingConfiguration: {
        Level: 'ALL',
        IncludeExecutionData: true,
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: Match.anyValue() } }],
      },
      TracingConfiguration: { Enabled: true },
    });
  });

  it('gives each task Lambda a timeout below its state timeout, so the ASL sees a Lambda error', () => {
    for (const { name: state, state: task, handler } of taskStates()) {
      const limit = task.TimeoutSeconds;
      expect({ state, limit: typeof limit, handler: typeof handler }).toEqual({
        state,
        limit: 'number',
        handler: 'string',
      });
      if (handler === undefined) continue;
      expect({
        state,
        lambda: FUNCTION_SIZING[handler].timeout.toSeconds() < (limit ?? 0),
      }).toEqual({ state, lambda: true });
    }
  });
});
