import { episodesThatFit, estimateCost, weeklyFit } from '../src/domain/cost';
import { isFinal, progressFraction, stageLabel } from '../src/domain/job-status';
import { formatClock, formatCountdown, formatLocalDateTime } from '../src/domain/time-format';

describe('formatCountdown', () => {
  it('shows days, hours and zero-padded minutes, dropping empty leading units', () => {
    expect(formatCountdown((4 * 24 + 14) * 3_600_000 + 5 * 60_000)).toBe('4 days 14 h 05 min');
    expect(formatCountdown(26 * 3_600_000)).toBe('1 day 2 h 00 min');
    expect(formatCountdown(3 * 3_600_000 + 7 * 60_000)).toBe('3 h 07 min');
    expect(formatCountdown(9 * 60_000 + 59_000)).toBe('9 min');
    expect(formatCountdown(59_000)).toBe('less than a minute');
    expect(formatCountdown(-5_000)).toBe('less than a minute');
  });
});

describe('formatLocalDateTime', () => {
  it('shows the reset instant in the given time zone', () => {
    const reset = new Date('2026-12-07T00:00:00Z');
    expect(formatLocalDateTime(reset, 'en-GB', 'UTC')).toBe('Monday, 7 December 2026 at 00:00 UTC');
    expect(formatLocalDateTime(reset, 'en-GB', 'America/New_York')).toContain(
      'Sunday, 6 December 2026 at 19:00',
    );
  });
});

describe('formatClock', () => {
  it('formats seconds as m:ss or h:mm:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3_725)).toBe('1:02:05');
  });
});

describe('stageLabel and progressFraction', () => {
  it('names each stage and counts chunks while speaking', () => {
    expect(stageLabel({ status: 'queued', progress: { done: 0, total: 0 } })).toBe('Queued');
    expect(stageLabel({ status: 'synthesizing', progress: { done: 3, total: 4 } })).toBe(
      'Speaking the script — 3/4 chunks',
    );
    expect(stageLabel({ status: 'failed', progress: { done: 1, total: 4 } })).toBe(
      'Failed — nothing was charged',
    );
  });

  it('grows monotonically through the pipeline and ends at 1', () => {
    const fractions = [
      progressFraction({ status: 'queued', progress: { done: 0, total: 0 } }),
      progressFraction({ status: 'writing_script', progress: { done: 0, total: 0 } }),
      progressFraction({ status: 'synthesizing', progress: { done: 0, total: 4 } }),
      progressFraction({ status: 'synthesizing', progress: { done: 4, total: 4 } }),
      progressFraction({ status: 'assembling', progress: { done: 4, total: 4 } }),
      progressFraction({ status: 'ready', progress: { done: 4, total: 4 } }),
    ];
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions.at(-1)).toBe(1);
    expect(isFinal({ status: 'rejected_quota' })).toBe(true);
    expect(isFinal({ status: 'assembling' })).toBe(false);
  });
});

describe('cost helpers', () => {
  it('estimate with the quota lib rule and classify against the week', () => {
    expect(estimateCost(3, 'neural')).toBe(6);
    expect(estimateCost(1, 'generative')).toBe(4);
    expect(episodesThatFit(25, 6)).toBe(4);
    expect(episodesThatFit(-1, 6)).toBe(0);
    expect(episodesThatFit(10, 0)).toBe(0);
    expect(weeklyFit(6, { remaining: 6, limit: 200 })).toBe('fits');
    expect(weeklyFit(7, { remaining: 6, limit: 200 })).toBe('exceeds_remaining');
    expect(weeklyFit(201, { remaining: 200, limit: 200 })).toBe('exceeds_limit');
  });
});
