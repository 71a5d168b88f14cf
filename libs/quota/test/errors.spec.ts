import { toQuotaError } from '../src/aws-errors';
import {
  QuotaContentionError,
  QuotaError,
  QuotaInputError,
  QuotaStateError,
  QuotaTableNotFoundError,
  QuotaThrottledError,
} from '../src/errors';

describe('quota errors', () => {
  const cause = Object.assign(new Error('from the SDK'), { name: 'ThrottlingException' });

  it.each<[string, QuotaError]>([
    ['QuotaInputError', new QuotaInputError('cost', 'must be whole')],
    ['QuotaContentionError', new QuotaContentionError('u-1', 5)],
    ['QuotaTableNotFoundError', new QuotaTableNotFoundError('users', cause)],
    ['QuotaThrottledError', new QuotaThrottledError('users', cause)],
    ['QuotaStateError', new QuotaStateError('u-1', 'bad week')],
  ])('names %s and derives it from QuotaError and Error', (name, error) => {
    expect(error.name).toBe(name);
    expect(error).toBeInstanceOf(QuotaError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('keeps the SDK error as the cause of mapped errors', () => {
    expect(new QuotaThrottledError('users', cause).cause).toBe(cause);
    expect(new QuotaTableNotFoundError('users', cause).cause).toBe(cause);
  });

  it('says which field was bad in a QuotaInputError', () => {
    const error = new QuotaInputError('jobId', 'must be a non-empty string');
    expect(error.field).toBe('jobId');
    expect(error.message).toBe('jobId: must be a non-empty string');
  });
});

describe('toQuotaError', () => {
  const sdkError = (name: string) => Object.assign(new Error(`${name} from the SDK`), { name });

  it.each([
    'ProvisionedThroughputExceededException',
    'ThrottlingException',
    'RequestLimitExceeded',
  ])('maps %s to QuotaThrottledError with the SDK error as cause', (name) => {
    const original = sdkError(name);
    const mapped = toQuotaError(original, 'users');
    expect(mapped).toBeInstanceOf(QuotaThrottledError);
    expect((mapped as Error).cause).toBe(original);
  });

  it('maps ResourceNotFoundException to QuotaTableNotFoundError', () => {
    expect(toQuotaError(sdkError('ResourceNotFoundException'), 'users')).toBeInstanceOf(
      QuotaTableNotFoundError,
    );
  });

  it('returns any other error unchanged, for rethrowing', () => {
    const original = sdkError('InternalServerError');
    expect(toQuotaError(original, 'users')).toBe(original);
    expect(toQuotaError('not an error', 'users')).toBe('not an error');
  });
});
