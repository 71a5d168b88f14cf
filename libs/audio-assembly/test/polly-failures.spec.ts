import { classifyPollyFailure } from '../src/polly/failures';

describe('classifyPollyFailure', () => {
  it.each(
    (
      [
        ['a ThrottlingException', { name: 'ThrottlingException' }, 'throttled'],
        ['an unnamed HTTP 429', { name: 'Error', $metadata: { httpStatusCode: 429 } }, 'throttled'],
        ['a TextLengthExceededException', { name: 'TextLengthExceededException' }, 'rejected'],
        ['a ValidationException', { name: 'ValidationException' }, 'rejected'],
        ['a ServiceFailureException', { name: 'ServiceFailureException' }, 'transient'],
        ['a bare 503', { name: 'Error', $metadata: { httpStatusCode: 503 } }, 'transient'],
        ['a server fault', { name: 'SomethingNew', $fault: 'server' }, 'transient'],
        ['a connection reset', { name: 'Error', code: 'ECONNRESET' }, 'transient'],
        ['a socket hang-up', new Error('socket hang up'), 'transient'],
        ["the SDK's request timeout", { name: 'TimeoutError' }, 'transient'],
        ['a programming error', new TypeError('x is undefined'), 'unknown'],
        ['a client error it does not know', { name: 'AccessDeniedException' }, 'unknown'],
        ['undefined', undefined, 'unknown'],
      ] as const
    ).map(([what, error, expected]) => ({ what, error, expected })),
  )('sorts $what as $expected', ({ error, expected }) => {
    expect(classifyPollyFailure(error)).toBe(expected);
  });

  it('counts throttling before rejection when an error looks like both', () => {
    expect(
      classifyPollyFailure({ name: 'ValidationException', $metadata: { httpStatusCode: 429 } }),
    ).toBe('throttled');
  });
});
