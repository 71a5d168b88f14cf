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

describe('the rendered state machine definition', () => {
  it('is the shared ASL file, unchanged', () => {
    expect(definition).toEqual(JSON.parse(readFileSync(DEFAULT_STATE_MACHINE_DEFINITION, 'utf8')));
  });

  it('has a substitution for every placeholder, each the ARN of the matching function', () => {
    const placeholders = [...definitionString.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]);
    const substitutions = properties['DefinitionSubstitutions'] as Record<string, unknown>;
    expect(new Set(placeholders)).toEqual(new Set(Object.keys(substitutions)));
    const byName: Record<string, HandlerName> = {
      WriteScriptFunctionArn: 'write-script',
      SynthesizeFunctionArn: 'synthesize',
      AssembleFunctionArn: 'assemble',
      CallbackFunctionArn: 'callback',
    };
    for (const [name, handler] of Object.entries(byName)) {
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

  it('retries every task, inside the Map too', () => {
    const inner = definition.States['SynthesizeChunks']?.ItemProcessor?.States ?? {};
    const tasks = Object.entries({ ...definition.States, ...inner }).filter(
      ([, s]) => s.Type === 'Task',
    );
    expect(tasks.map(([name]) => name).sort()).toEqual([
      'Assemble',
      'ReportFailure',
      'ReportSuccess',
      'SynthesizeChunk',
      'WriteScript',
    ]);
    for (const [name, state] of tasks) {
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
    const stateTimeout = (name: string): number | undefined => {
      const top = definition.States[name];
      return (
        top?.TimeoutSeconds ??
        definition.States['SynthesizeChunks']?.ItemProcessor?.States[name]?.TimeoutSeconds
      );
    };
    const tasks: Record<string, HandlerName> = {
      WriteScript: 'write-script',
      SynthesizeChunk: 'synthesize',
      Assemble: 'assemble',
      ReportSuccess: 'callback',
      ReportFailure: 'callback',
    };
    for (const [state, handler] of Object.entries(tasks)) {
      const limit = stateTimeout(state);
      expect({ state, limit: typeof limit }).toEqual({ state, limit: 'number' });
      expect(FUNCTION_SIZING[handler].timeout.toSeconds()).toBeLessThan(limit ?? 0);
    }
  });
});
