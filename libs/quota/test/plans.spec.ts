import { PLANS, weeklyLimitFor } from '../src/index';

describe('PLANS', () => {
  it('gives the free plan 200 slots a week and offers paid plans with more', () => {
    expect(PLANS['free']).toEqual({ weeklySlots: 200 });
    const paid = Object.entries(PLANS).filter(([name]) => name !== 'free');
    expect(paid.length).toBeGreaterThan(0);
    for (const [, plan] of paid) expect(plan.weeklySlots).toBeGreaterThan(200);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PLANS)).toBe(true);
    expect(Object.isFrozen(PLANS['free'])).toBe(true);
  });
});

describe('weeklyLimitFor', () => {
  it('returns the limit of a known plan', () => {
    expect(weeklyLimitFor('creator')).toBe(PLANS['creator']?.weeklySlots);
    expect(weeklyLimitFor('studio')).toBe(PLANS['studio']?.weeklySlots);
  });

  it('falls back to the free plan for a missing or unknown plan', () => {
    expect(weeklyLimitFor()).toBe(200);
    expect(weeklyLimitFor(undefined)).toBe(200);
    expect(weeklyLimitFor('platinum')).toBe(200);
    expect(weeklyLimitFor('constructor')).toBe(200);
    expect(weeklyLimitFor('')).toBe(200);
  });
});
