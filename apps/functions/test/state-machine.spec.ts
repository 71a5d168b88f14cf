/**
 * The one ASL definition (deployed by the CDK app, run locally by
 * aws-local-stepfunctions): structural guarantees read from the file itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DEFINITION_FILE = path.join(__dirname, '../src/state-machine/podcast.asl.json');
const FUNCTION_ARNS = [
  'WriteScriptFunctionArn',
  'SynthesizeFunctionArn',
  'AssembleFunctionArn',
  'CallbackFunctionArn',
];

interface Retrier {
  ErrorEquals: string[];
}
interface State {
  Type: string;
  Resource?: string;
  Next?: string;
  End?: boolean;
  MaxConcurrency?: number;
  Retry?: Retrier[];
  Catch?: { ErrorEquals: string[]; Next: string; ResultPath?: string }[];
  ItemProcessor?: { StartAt: string; States: Record<string, State> };
}
interface Definition {
  StartAt: string;
  States: Record<string, State>;
}

const text = readFileSync(DEFINITION_FILE, 'utf8');
const definition = JSON.parse(text) as Definition;
const states = definition.States;
const FAILURE_PATH = ['ReportFailure', 'EpisodeFailed'];

describe('podcast.asl.json', () => {
  it('is valid JSON with a start state that exists', () => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(states[definition.StartAt]).toBeDefined();
  });

  it('uses no ${...} placeholder but the four function ARNs, and uses each of them', () => {
    const placeholders = [...text.matchAll(/\$\{([^}]*)\}/g)].map((match) => match[1]);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const name of placeholders) expect(FUNCTION_ARNS).toContain(name);
    expect(new Set(placeholders)).toEqual(new Set(FUNCTION_ARNS));
  });

  it('gives every top-level Task and the Map a Catch on States.ALL to ReportFailure, except the failure path', () => {
    const guarded = Object.entries(states).filter(
      ([name, state]) =>
        (state.Type === 'Task' || state.Type === 'Map') && !FAILURE_PATH.includes(name),
    );
    expect(guarded.map(([name]) => name).sort()).toEqual(
      ['Assemble', 'ReportSuccess', 'SynthesizeChunks', 'WriteScript'].sort(),
    );
    for (const [name, state] of guarded) {
      const toFailure = state.Catch?.find(
        (catcher) => catcher.Next === 'ReportFailure' && catcher.ErrorEquals.includes('States.ALL'),
      );
      expect({ name, catches: Boolean(toFailure) }).toEqual({ name, catches: true });
    }
  });

  it('keeps the caught error apart from the job reference, so ReportFailure still has userId and jobId', () => {
    for (const state of Object.values(states)) {
      for (const catcher of state.Catch ?? []) expect(catcher.ResultPath).toBe('$.error');
    }
  });

  it('ends the failure path in a Fail state after ReportFailure, which itself has no Catch', () => {
    const report = states['ReportFailure'];
    expect(report?.Resource).toBe('${CallbackFunctionArn}');
    expect(report?.Catch).toBeUndefined();
    expect(states[report?.Next ?? '']?.Type).toBe('Fail');
  });

  it('bounds the synthesize Map at four at a time and retries SpeechThrottledError inside it', () => {
    const map = states['SynthesizeChunks'];
    expect(map?.Type).toBe('Map');
    expect(map?.MaxConcurrency).toBeGreaterThanOrEqual(1);
    expect(map?.MaxConcurrency).toBeLessThanOrEqual(4);
    const inner = Object.values(map?.ItemProcessor?.States ?? {});
    const tasks = inner.filter((state) => state.Type === 'Task');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.Resource).toBe('${SynthesizeFunctionArn}');
    expect(
      tasks[0]?.Retry?.some((retrier) => retrier.ErrorEquals.includes('SpeechThrottledError')),
    ).toBe(true);
  });

  it('runs WriteScript, the Map, Assemble and ReportSuccess in that order', () => {
    const order: string[] = [];
    let name: string | undefined = definition.StartAt;
    while (name && order.length < 10) {
      order.push(name);
      const state: State | undefined = states[name];
      name = state?.End ? undefined : state?.Next;
    }
    expect(order).toEqual(['WriteScript', 'SynthesizeChunks', 'Assemble', 'ReportSuccess']);
  });
});
