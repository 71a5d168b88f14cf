import { explainRefusal } from '../src/explain-refusal';
import type { QuotaItem } from '../src/quota-item';

const empty: QuotaItem = {
  week: undefined,
  count: 0,
  chargedJobs: undefined,
  previousWeek: undefined,
  previousCount: 0,
  previousChargedJobs: undefined,
};

const request = { jobId: 'job-1', cost: 10, weeklyLimit: 200, week: '2026-W49' };

describe('explainRefusal', () => {
  it('reports a job found in the stored week as already charged there', () => {
    const item = { ...empty, week: '2026-W49', count: 200, chargedJobs: new Set(['job-1']) };
    expect(explainRefusal(item, request, undefined)).toEqual({
      kind: 'already_charged',
      week: '2026-W49',
      used: 200,
    });
  });

  it('reports a job found in the previous week as already charged in that week', () => {
    const item = {
      ...empty,
      week: '2026-W49',
      count: 5,
      chargedJobs: new Set(['other']),
      previousWeek: '2026-W48',
      previousCount: 120,
      previousChargedJobs: new Set(['job-1']),
    };
    expect(explainRefusal(item, request, undefined)).toEqual({
      kind: 'already_charged',
      week: '2026-W48',
      used: 120,
    });
  });

  it('asks for a rollover when the user has no week or an older one', () => {
    expect(explainRefusal(empty, request, undefined)).toEqual({ kind: 'roll_over' });
    expect(explainRefusal({ ...empty, week: '2026-W48', count: 200 }, request, undefined)).toEqual({
      kind: 'roll_over',
    });
  });

  it('refuses instead of rolling over when the cost alone exceeds the limit', () => {
    expect(explainRefusal(empty, { ...request, cost: 201 }, undefined)).toEqual({
      kind: 'over_limit',
      week: '2026-W49',
      used: 0,
    });
  });

  it('follows a stored week that is newer than the caller clock', () => {
    expect(explainRefusal({ ...empty, week: '2026-W50' }, request, undefined)).toEqual({
      kind: 'follow_newer_week',
      week: '2026-W50',
    });
  });

  it('refuses when the same week has less room than the cost', () => {
    expect(explainRefusal({ ...empty, week: '2026-W49', count: 191 }, request, undefined)).toEqual({
      kind: 'over_limit',
      week: '2026-W49',
      used: 191,
    });
  });

  it('reports a full job set only when the charge had to check it', () => {
    const item = { ...empty, week: '2026-W49', count: 0, chargedJobs: new Set(['a', 'b']) };
    expect(explainRefusal(item, { ...request, cost: 0 }, 2)).toEqual({
      kind: 'jobs_full',
      week: '2026-W49',
      cap: 2,
    });
    expect(explainRefusal(item, request, undefined)).toEqual({ kind: 'changed_meanwhile' });
  });

  it('reports a change by another writer when the item now admits the charge', () => {
    expect(explainRefusal({ ...empty, week: '2026-W49', count: 190 }, request, undefined)).toEqual({
      kind: 'changed_meanwhile',
    });
  });
});
