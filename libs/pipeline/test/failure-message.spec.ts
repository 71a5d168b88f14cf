import { FAILURE_MESSAGES, failureKindOf, userFailureMessage } from '../src/steps/failure-message';

const lambdaCause = (errorType: string, errorMessage: string) =>
  JSON.stringify({ errorType, errorMessage, trace: ['at /var/task/index.js:1'] });

describe('the user-facing failure message', () => {
  it.each([
    ['SpeechThrottledError', 'speech_throttled'],
    ['SpeechServiceUnavailableError', 'speech_failed'],
    ['ModelUnavailableError', 'script_failed'],
    ['ScriptOutputError', 'script_failed'],
    ['SourceLinkError', 'source_unreadable'],
    ['AudioFormatError', 'assembly_failed'],
    ['States.Timeout', 'timed_out'],
    ['Sandbox.Timedout', 'timed_out'],
    ['States.ExecutionTimedOut', 'timed_out'],
    ['States.ExecutionAborted', 'aborted'],
    ['ObjectNotFoundError', 'generic'],
    ['toString', 'generic'],
  ])('classifies the error %s as %s', (name, kind) => {
    expect(failureKindOf({ Error: name, Cause: lambdaCause(name, 'detail') })).toBe(kind);
  });

  it('reads the Lambda error type inside a States.TaskFailed cause', () => {
    const error = { Error: 'States.TaskFailed', Cause: lambdaCause('ModelRequestError', 'x') };
    expect(failureKindOf(error)).toBe('script_failed');
  });

  it('gives the generic sentence for no error, an unknown error or a cause that is not JSON', () => {
    expect(userFailureMessage(undefined)).toBe(FAILURE_MESSAGES.generic);
    expect(userFailureMessage({ Error: 'Weird' })).toBe(FAILURE_MESSAGES.generic);
    expect(userFailureMessage({ Error: 'States.TaskFailed', Cause: 'plain text' })).toBe(
      FAILURE_MESSAGES.generic,
    );
  });

  it('never repeats the error’s own text, ARNs or SDK messages', () => {
    const message = userFailureMessage({
      Error: 'States.TaskFailed',
      Cause: lambdaCause(
        'AccessDeniedException',
        'User: arn:aws:sts::123456789012:assumed-role/x is not authorized to perform polly:SynthesizeSpeech',
      ),
    });
    expect(message).toBe(FAILURE_MESSAGES.generic);
    expect(message).not.toMatch(/arn:|123456789012|AccessDenied/);
  });

  it('says in every sentence that nothing was charged', () => {
    for (const sentence of Object.values(FAILURE_MESSAGES))
      expect(sentence).toContain('nothing was charged');
  });
});
