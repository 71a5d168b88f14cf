import { JOB_ID_PATTERN, newJobId } from '../src/jobs/job-id';

/** What Step Functions accepts as an execution name: 1–80 chars of letters, digits, - and _. */
const EXECUTION_NAME = /^[A-Za-z0-9_-]{1,80}$/;

describe('newJobId', () => {
  it('sorts by creation time across ms, days and years on the fake clock', () => {
    const instants = [
      '2026-12-02T09:00:00.000Z',
      '2026-12-02T09:00:00.001Z',
      '2026-12-03T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2031-06-15T12:30:00.000Z',
    ];
    const ids = instants.map((instant) => newJobId(() => new Date(instant)));
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('is a valid Step Functions execution name and matches JOB_ID_PATTERN', () => {
    for (let i = 0; i < 50; i += 1) {
      const id = newJobId();
      expect(id).toMatch(EXECUTION_NAME);
      expect(id).toMatch(JOB_ID_PATTERN);
    }
  });

  it('is built from the clock and the injected random bytes only', () => {
    const id = newJobId(
      () => new Date('2026-12-02T09:00:00Z'),
      (bytes) => Buffer.alloc(bytes, 0xab),
    );
    expect(id).toBe(
      `j-${new Date('2026-12-02T09:00:00Z').getTime().toString(36).padStart(10, '0')}-abababababababab`,
    );
  });

  it('gives different ids to jobs created in the same millisecond', () => {
    const now = () => new Date('2026-12-02T09:00:00Z');
    expect(new Set(Array.from({ length: 100 }, () => newJobId(now))).size).toBe(100);
  });
});

describe('JOB_ID_PATTERN', () => {
  it.each([
    ['j-1'],
    ['../etc'],
    ['J-0mipvs3k00-5f1c9a0b7e2d4c66'],
    ['j-0mipvs3k00-5f1c9a0b7e2d4c6'],
  ])('refuses %s', (id) => {
    expect(JOB_ID_PATTERN.test(id)).toBe(false);
  });
});
