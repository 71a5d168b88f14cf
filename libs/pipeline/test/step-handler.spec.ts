import { z } from 'zod';
import { createLogger } from '../src/logging/logger';
import { StepInputError } from '../src/errors';
import { stepHandler } from '../src/steps/step-handler';
import { jobRefSchema } from '../src/steps/step-inputs';
import './support';

class SpeechThrottledError extends Error {
  override readonly name = 'SpeechThrottledError';
}

describe('stepHandler', () => {
  it('passes validated input to the step and returns its output', async () => {
    const step = jest.fn(async (input: z.infer<typeof jobRefSchema>) => `ran ${input.jobId}`);
    const handler = stepHandler(jobRefSchema, step, createLogger('test'));
    await expect(handler({ userId: 'alice', jobId: 'j-1' })).resolves.toBe('ran j-1');
    expect(step).toHaveBeenCalledWith({ userId: 'alice', jobId: 'j-1' });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'j-1'],
    ['a missing jobId', { userId: 'alice' }],
    ['an empty userId', { userId: '', jobId: 'j-1' }],
    ['a numeric jobId', { userId: 'alice', jobId: 7 }],
  ])('rejects %s with StepInputError before the step runs', async (_name, event) => {
    const step = jest.fn(async () => 'ran');
    const handler = stepHandler(jobRefSchema, step, createLogger('test'));
    const failure = handler(event);
    await expect(failure).rejects.toBeInstanceOf(StepInputError);
    await expect(failure).rejects.toMatchObject({ name: 'StepInputError' });
    expect(step).not.toHaveBeenCalled();
  });

  it('rethrows the step’s error unchanged, so its name reaches Retry and Catch', async () => {
    const thrown = new SpeechThrottledError('slow down');
    const handler = stepHandler(
      jobRefSchema,
      async () => {
        throw thrown;
      },
      createLogger('test'),
    );
    const failure = handler({ userId: 'alice', jobId: 'j-1' });
    await expect(failure).rejects.toBe(thrown);
    await expect(failure).rejects.toMatchObject({ name: 'SpeechThrottledError' });
  });

  it('puts the jobId on the step’s log lines and takes it off afterwards', async () => {
    const logger = createLogger('test');
    const appended = jest.spyOn(logger, 'appendKeys');
    const removed = jest.spyOn(logger, 'removeKeys');
    const handler = stepHandler(jobRefSchema, async () => 'ran', logger);
    await handler({ userId: 'alice', jobId: 'j-42' });
    expect(appended).toHaveBeenCalledWith({ jobId: 'j-42' });
    expect(removed).toHaveBeenCalledWith(['jobId']);
  });
});
