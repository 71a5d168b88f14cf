import { weeklyUsage } from '../src/domain/weekly-history';
import { recentWeekKeys } from '../src/domain/weeks';
import { aJob } from './support/jobs';

describe('recentWeekKeys', () => {
  it('lists the last weeks oldest first, ending with the current one', () => {
    expect(recentWeekKeys(new Date('2026-12-02T09:00:00Z'), 3)).toEqual([
      '2026-W47',
      '2026-W48',
      '2026-W49',
    ]);
  });

  it('crosses into the previous ISO year, including a week 53', () => {
    expect(recentWeekKeys(new Date('2027-01-05T00:00:00Z'), 3)).toEqual([
      '2026-W52',
      '2026-W53',
      '2027-W01',
    ]);
  });

  it('treats Monday 00:00Z as the start of a new week', () => {
    expect(recentWeekKeys(new Date('2026-12-06T23:59:59Z'), 1)).toEqual(['2026-W49']);
    expect(recentWeekKeys(new Date('2026-12-07T00:00:00Z'), 1)).toEqual(['2026-W50']);
  });
});

describe('weeklyUsage', () => {
  const now = new Date('2026-12-02T09:00:00Z');

  it('sums charged costs per charged week over the last 8 weeks', () => {
    const jobs = [
      aJob({ jobId: 'a', status: 'ready', cost: 2, chargedWeek: '2026-W49' }),
      aJob({ jobId: 'b', status: 'ready', cost: 4, chargedWeek: '2026-W49' }),
      aJob({ jobId: 'c', status: 'ready', cost: 3, chargedWeek: '2026-W45' }),
    ];
    const usage = weeklyUsage(jobs, now);
    expect(usage).toHaveLength(8);
    expect(usage.map((week) => week.week)).toEqual([
      '2026-W42',
      '2026-W43',
      '2026-W44',
      '2026-W45',
      '2026-W46',
      '2026-W47',
      '2026-W48',
      '2026-W49',
    ]);
    expect(usage.map((week) => week.slots)).toEqual([0, 0, 0, 3, 0, 0, 0, 6]);
    expect(usage[7]?.weekStart.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('counts nothing for jobs without a charge and for weeks outside the window', () => {
    const jobs = [
      aJob({ jobId: 'running', status: 'synthesizing', estimatedCost: 8 }),
      aJob({ jobId: 'failed', status: 'failed' }),
      aJob({ jobId: 'refused', status: 'quota_exceeded', chargedWeek: '2026-W49' }),
      aJob({ jobId: 'old', status: 'ready', cost: 5, chargedWeek: '2026-W41' }),
    ];
    expect(weeklyUsage(jobs, now).every((week) => week.slots === 0)).toBe(true);
  });
});
