import { isPlan, planLimitsFor, PLANS, weeklyLimitFor } from '../src/plans';

describe('PLANS', () => {
  it('gives the free plan 200 slots a week and offers paid plans with more', () => {
    expect(PLANS['free']).toEqual({
      weeklySlots: 200,
      maxInFlight: 3,
      reservationsPerMinute: 10,
      weeklyDrafts: 20,
    });
    const paid = Object.entries(PLANS).filter(([name]) => name !== 'free');
    expect(paid.length).toBeGreaterThan(0);
    for (const [, plan] of paid) expect(plan.weeklySlots).toBeGreaterThan(200);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PLANS)).toBe(true);
    expect(Object.isFrozen(PLANS['free'])).toBe(true);
  });
});

describe('weekly drafts', () => {
  it.each([
    ['free', 20],
    ['creator', 100],
    ['studio', 300],
    ['platinum', 20],
  ])('lets the %s plan write %i drafts a week', (plan, drafts) => {
    expect(planLimitsFor(plan).weeklyDrafts).toBe(drafts);
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

describe('planLimitsFor', () => {
  it('gives every plan an in-flight cap and a per-minute reservation rate, the free plan 3 jobs at once', () => {
    expect(planLimitsFor('free')).toEqual({
      weeklySlots: 200,
      maxInFlight: 3,
      reservationsPerMinute: 10,
      weeklyDrafts: 20,
    });
    for (const plan of Object.keys(PLANS)) {
      expect(planLimitsFor(plan).maxInFlight).toBeGreaterThanOrEqual(3);
      expect(planLimitsFor(plan).reservationsPerMinute).toBeGreaterThan(0);
    }
  });

  it('falls back to the free plan for a missing or unknown plan', () => {
    expect(planLimitsFor(undefined)).toBe(PLANS['free']);
    expect(planLimitsFor('toString')).toBe(PLANS['free']);
  });
});

describe('isPlan', () => {
  it('accepts the plan names and nothing else', () => {
    expect(isPlan('studio')).toBe(true);
    expect(isPlan('constructor')).toBe(false);
    expect(isPlan(7)).toBe(false);
  });
});
