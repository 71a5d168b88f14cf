/**
 * The one ASL definition (deployed by the CDK app, run locally by
 * aws-local-stepfunctions): structural guarantees read from the file itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import aslValidator from 'asl-validator';

const DEFINITION_FILE = path.join(__dirname, '../src/state-machine/podcast.asl.json');
const FUNCTION_ARNS = [
  'WriteScriptFunctionArn',
  'SynthesizeFunctionArn',
  'AssembleFunctionArn',
  'CallbackFunctionArn',
];

interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  MaxAttempts?: number;
  BackoffRate?: number;
  MaxDelaySeconds?: number;
  JitterStrategy?: string;
}
interface State {
  Type: string;
  Default?: string;
  Choices?: { Variable: string; IsPresent?: boolean; Next: string }[];
  TimestampPath?: string;
  OutputPath?: string;
  ResultPath?: string | null;
  Resource?: string;
  Next?: string;
  End?: boolean;
  MaxConcurrency?: number;
  Retry?: Retrier[];
  Parameters?: Record<string, unknown>;
  ItemSelector?: Record<string, unknown>;
  ItemsPath?: string;
  TimeoutSeconds?: number;
  Catch?: { ErrorEquals: string[]; Next: string; ResultPath?: string }[];
  ItemProcessor?: { StartAt: string; States: Record<string, State> };
}
interface Definition {
  StartAt: string;
  TimeoutSeconds?: number;
  States: Record<string, State>;
}

const text = readFileSync(DEFINITION_FILE, 'utf8');
const definition = JSON.parse(text) as Definition;
const states = definition.States;
const FAILURE_PATH = ['ReportFailure', 'EpisodeFailed', 'FailureNotRecorded'];
const LAMBDA_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

function allTasks(): [string, State][] {
  const found: [string, State][] = [];
  const visit = (all: Record<string, State>) => {
    for (const [name, state] of Object.entries(all)) {
      if (state.Type === 'Task') found.push([name, state]);
      if (state.ItemProcessor) visit(state.ItemProcessor.States);
    }
  };
  visit(states);
  return found;
}

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
      [
        'Assemble',
        'FinishScript',
        'PlanRender',
        'ReportSuccess',
        'SynthesizeChunks',
        'WriteChapters',
        'WriteOutline',
      ].sort(),
    );
    for (const [name, state] of guarded) {
      const toFailure = state.Catch?.find(
        (catcher) => catcher.Next === 'ReportFailure' && catcher.ErrorEquals.includes('States.ALL'),
      );
      expect({ name, catches: Boolean(toFailure) }).toEqual({ name, catches: true });
    }
  });

  it('keeps the caught error apart from the job reference, so ReportFailure still has userId and jobId', () => {
    for (const [name, state] of Object.entries(states)) {
      if (name === 'ReportFailure') continue;
      for (const catcher of state.Catch ?? []) expect(catcher.ResultPath).toBe('$.error');
    }
  });

  it('ends the failure path in a Fail state after ReportFailure, and a ReportFailure that fails through its retries in a Fail state too', () => {
    const report = states['ReportFailure'];
    expect(report?.Resource).toBe('${CallbackFunctionArn}');
    expect(states[report?.Next ?? '']?.Type).toBe('Fail');
    const catchers = report?.Catch ?? [];
    expect(catchers).toHaveLength(1);
    expect(catchers[0]?.ErrorEquals).toEqual(['States.ALL']);
    expect(catchers[0]?.ResultPath).not.toBe('$.error');
    expect(states[catchers[0]?.Next ?? '']?.Type).toBe('Fail');
  });

  it('retries ReportFailure on every Lambda error, Lambda.AWSLambdaException included, and on any other error', () => {
    const retried = (states['ReportFailure']?.Retry ?? []).flatMap((r) => r.ErrorEquals);
    expect(retried).toEqual(expect.arrayContaining([...LAMBDA_ERRORS, 'States.ALL']));
  });

  it('is a valid definition for asl-validator once the ARNs are substituted', () => {
    const substituted = JSON.parse(
      text.replace(/\$\{(\w+)\}/g, 'arn:aws:lambda:us-east-1:123456789012:function:$1'),
    ) as object;
    const result = aslValidator(substituted);
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
  });

  it('stops every execution after at most two hours', () => {
    expect(definition.TimeoutSeconds).toBeGreaterThan(0);
    expect(definition.TimeoutSeconds).toBeLessThanOrEqual(7200);
  });

  it('retries the four transient Lambda errors on every Task, inside the Maps too', () => {
    const tasks = allTasks();
    expect(tasks.map(([name]) => name).sort()).toEqual(
      [
        'Assemble',
        'FinishScript',
        'PlanRender',
        'ReportFailure',
        'ReportSuccess',
        'SynthesizeChunk',
        'WriteChapter',
        'WriteOutline',
      ].sort(),
    );
    for (const [name, state] of tasks) {
      const retried = (state.Retry ?? []).flatMap((r) => r.ErrorEquals);
      expect({ name, retried }).toEqual({ name, retried: expect.arrayContaining(LAMBDA_ERRORS) });
    }
  });

  it('runs every script phase in the write-script function with its phase, and retries ModelUnavailableError on the model phases', () => {
    const outline = states['WriteOutline'];
    const chapters = states['WriteChapters'];
    const chapter = chapters?.ItemProcessor?.States['WriteChapter'];
    const finish = states['FinishScript'];
    for (const state of [outline, chapter, finish]) {
      expect(state?.Resource).toBe('${WriteScriptFunctionArn}');
    }
    expect(outline?.Parameters?.['phase']).toBe('outline');
    expect(chapters?.ItemSelector?.['phase']).toBe('chapter');
    expect(chapters?.ItemSelector?.['part.$']).toBe('$$.Map.Item.Value');
    expect(chapters?.ItemsPath).toBe('$.outline.parts');
    expect(finish?.Parameters?.['phase']).toBe('finish');
    for (const state of [outline, chapter]) {
      const model = state?.Retry?.find((r) => r.ErrorEquals.includes('ModelUnavailableError'));
      expect(model?.MaxAttempts).toBeGreaterThanOrEqual(2);
    }
  });

  it('bounds the chapters Map and keeps its results out of the payload (the parts are in the bucket)', () => {
    const chapters = states['WriteChapters'] as State & { ResultPath?: unknown };
    expect(chapters.Type).toBe('Map');
    expect(chapters.MaxConcurrency).toBeGreaterThanOrEqual(1);
    expect(chapters.MaxConcurrency).toBeLessThanOrEqual(4);
    expect(chapters.ResultPath).toBeNull();
  });

  it('retries throttled chunks patiently, so episodes under load wait many minutes rather than fail', () => {
    const chunk = states['SynthesizeChunks']?.ItemProcessor?.States['SynthesizeChunk'];
    const throttle = chunk?.Retry?.find((r) => r.ErrorEquals.includes('SpeechThrottledError'));
    expect(throttle?.ErrorEquals).toEqual(
      expect.arrayContaining(['ThrottlingException', 'Lambda.TooManyRequestsException']),
    );
    expect(throttle?.JitterStrategy).toBe('FULL');
    expect(throttle?.MaxDelaySeconds).toBeLessThanOrEqual(60);
    // The largest total wait: the sum of the backoff ceilings (full jitter waits half of it on average).
    let ceilingSum = 0;
    for (let retry = 0; retry < (throttle?.MaxAttempts ?? 0); retry += 1) {
      ceilingSum += Math.min(
        throttle?.MaxDelaySeconds ?? Infinity,
        (throttle?.IntervalSeconds ?? 1) * (throttle?.BackoffRate ?? 2) ** retry,
      );
    }
    expect(ceilingSum / 2).toBeGreaterThanOrEqual(5 * 60);
  });

  it('retries transient Polly failures a few times', () => {
    const chunk = states['SynthesizeChunks']?.ItemProcessor?.States['SynthesizeChunk'];
    const transient = chunk?.Retry?.find((r) =>
      r.ErrorEquals.includes('SpeechServiceUnavailableError'),
    );
    expect(transient?.MaxAttempts).toBeGreaterThanOrEqual(2);
    expect(transient?.MaxAttempts).toBeLessThanOrEqual(6);
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

  it('runs the script phases, the Map, Assemble and ReportSuccess in that order', () => {
    const order: string[] = [];
    let name: string | undefined = definition.StartAt;
    while (name && order.length < 10) {
      const state: State | undefined = states[name];
      // A provider-turn Choice leads on by its Default; the Wait loop is checked below.
      if (state?.Type !== 'Choice') order.push(name);
      name = state?.End ? undefined : (state?.Next ?? state?.Default);
    }
    expect(order).toEqual([
      'WholeEpisode',
      'WriteOutline',
      'WriteChapters',
      'FinishScript',
      'SynthesizeChunks',
      'Assemble',
      'ReportSuccess',
    ]);
  });

  it('runs a render (input render > 0) through PlanRender, the Map, Assemble and ReportSuccess, and passes its number on', () => {
    const first = states[definition.StartAt];
    expect(first?.Type).toBe('Choice');
    const toRender = first?.Choices?.[0] as { And?: object[]; Next?: string } | undefined;
    expect(toRender?.And).toEqual([
      { Variable: '$.render', IsPresent: true },
      { Variable: '$.render', NumericGreaterThan: 0 },
    ]);
    const plan = states[toRender?.Next ?? ''];
    expect(plan).toMatchObject({
      Resource: '${WriteScriptFunctionArn}',
      Parameters: { phase: 'render', 'render.$': '$.render' },
      ResultPath: '$.script',
      Next: 'SynthesizeChunks',
    });
    // Every other execution is render 0, so the later states can always pass $.render on.
    expect(states[first?.Default ?? '']).toMatchObject({
      Type: 'Pass',
      Parameters: { 'userId.$': '$.userId', 'jobId.$': '$.jobId', render: 0 },
    });
    for (const name of ['Assemble', 'ReportSuccess', 'ReportFailure']) {
      expect({ name, render: states[name]?.Parameters?.['render.$'] }).toEqual({
        name,
        render: '$.render',
      });
    }
  });

  it.each([
    ['WriteOutline', states, '$.outline'],
    ['WriteChapter', states['WriteChapters']?.ItemProcessor?.States ?? {}, '$.written'],
    ['SynthesizeChunk', states['SynthesizeChunks']?.ItemProcessor?.States ?? {}, '$.turn'],
  ] as const)(
    'brings %s back after a Wait on the time it answers, when its provider turn is later than a function waits',
    (taskName, scope, resultPath) => {
      const task = scope[taskName];
      expect(task?.ResultPath).toBe(resultPath);
      const choice = scope[task?.Next ?? ''];
      expect(choice?.Type).toBe('Choice');
      expect(choice?.Choices).toEqual([
        { Variable: `${resultPath}.waitUntil`, IsPresent: true, Next: expect.any(String) },
      ]);
      const wait = scope[choice?.Choices?.[0]?.Next ?? ''];
      expect(wait).toEqual({
        Type: 'Wait',
        TimestampPath: `${resultPath}.waitUntil`,
        Next: taskName,
      });
    },
  );

  it('ends each synthesize iteration with the stored chunk alone, as Assemble reads it', () => {
    const inner = states['SynthesizeChunks']?.ItemProcessor?.States ?? {};
    const stored = inner[inner['SpeechTurn']?.Default ?? ''];
    expect(stored).toEqual({ Type: 'Pass', OutputPath: '$.turn', End: true });
  });

  it('ends a review job after FinishScript in a Succeed state, and sends every other job on to the synthesize Map', () => {
    expect(states['FinishScript']?.Next).toBe('ScriptForReview');
    const choice = states['ScriptForReview'] as State & {
      Choices: { And?: Record<string, unknown>[]; Next: string }[];
    };
    expect(choice.Type).toBe('Choice');
    expect(choice.Default).toBe('SynthesizeChunks');
    expect(choice.Choices).toEqual([
      {
        And: [
          { Variable: '$.script.review', IsPresent: true },
          { Variable: '$.script.review', BooleanEquals: true },
        ],
        Next: 'ScriptReady',
      },
    ]);
    expect(states['ScriptReady']?.Type).toBe('Succeed');
  });
});
