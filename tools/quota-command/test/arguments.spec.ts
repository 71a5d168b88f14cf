import { parseQuotaArguments } from '../arguments';
import { QuotaUsageError } from '../errors';

describe('parseQuotaArguments', () => {
  it('reads each subcommand into a typed command, with --flag value and --flag=value alike', () => {
    expect(parseQuotaArguments(['show', '--user', 'alice'])).toEqual({
      kind: 'run',
      command: { name: 'show', userId: 'alice' },
      target: {},
      json: false,
    });
    expect(parseQuotaArguments(['show', '--user=alice', '--job=job-1', '--json'])).toMatchObject({
      command: { name: 'show', userId: 'alice', jobId: 'job-1' },
      json: true,
    });
    expect(
      parseQuotaArguments(['grant', '--user', 'alice', '--slots', '50', '--operation', 'ticket-1']),
    ).toMatchObject({
      command: { name: 'grant', userId: 'alice', slots: 50, operationId: 'ticket-1' },
    });
    expect(parseQuotaArguments(['refund', '--user', 'alice', '--job', 'job-1'])).toMatchObject({
      command: { name: 'refund', userId: 'alice', jobId: 'job-1' },
    });
    expect(parseQuotaArguments(['set-plan', '--user', 'alice', '--plan', 'studio'])).toMatchObject({
      command: { name: 'set-plan', userId: 'alice', plan: 'studio' },
    });
  });

  it('keeps the target flags apart from the command', () => {
    expect(
      parseQuotaArguments([
        'show',
        '--user',
        'alice',
        '--table',
        'lumcast-users',
        '--endpoint',
        'http://127.0.0.1:8000',
        '--data-dir',
        'data',
      ]),
    ).toMatchObject({
      target: { table: 'lumcast-users', endpoint: 'http://127.0.0.1:8000', dataDir: 'data' },
    });
  });

  it('answers help to --help, -h and help', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['grant', '--help']]) {
      expect(parseQuotaArguments(argv)).toEqual({ kind: 'help' });
    }
  });

  it('names every problem of a subcommand on one line', () => {
    expect(() => parseQuotaArguments(['grant', '--user', '', '--slots', 'x'])).toThrow(
      new QuotaUsageError(
        'grant: --user must not be empty; --slots must be a whole number of slots; --operation is required',
      ),
    );
  });

  it('refuses a table name DynamoDB would refuse, and an endpoint that is not an http(s) URL', () => {
    expect(() => parseQuotaArguments(['show', '--user', 'a', '--table', 'a b'])).toThrow(
      /--table must be a DynamoDB table name/,
    );
    expect(() => parseQuotaArguments(['show', '--user', 'a', '--endpoint', 'ftp://x'])).toThrow(
      /--endpoint must be an http\(s\) URL/,
    );
  });
});
