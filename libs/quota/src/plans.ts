/**
 * What a plan allows: its weekly quota in slots, how many of a user's jobs may
 * be in flight (reserved and not yet settled or released) at once, how many
 * reservations (job creations) a user may make per minute, and how many drafts
 * (scripts written for review, nothing spoken) a user may have written per week.
 */
export interface PlanLimits {
  readonly weeklySlots: number;
  readonly maxInFlight: number;
  readonly reservationsPerMinute: number;
  readonly weeklyDrafts: number;
}

/**
 * The plans a user can be on, keyed by the `plan` attribute of the users table
 * (`USER_PLAN_ATTRIBUTE`). `free` is the baseline (200 slots: six 15-minute
 * neural episodes, three jobs in flight at once, 20 drafts a week).
 */
export const PLANS: Readonly<Record<string, PlanLimits>> = Object.freeze({
  free: Object.freeze({
    weeklySlots: 200,
    maxInFlight: 3,
    reservationsPerMinute: 10,
    weeklyDrafts: 20,
  }),
  creator: Object.freeze({
    weeklySlots: 600,
    maxInFlight: 5,
    reservationsPerMinute: 20,
    weeklyDrafts: 100,
  }),
  studio: Object.freeze({
    weeklySlots: 1500,
    maxInFlight: 10,
    reservationsPerMinute: 30,
    weeklyDrafts: 300,
  }),
});

/** The plan used when a user has none or an unknown one. */
export const DEFAULT_PLAN = 'free';

/**
 * Whether `plan` names one of `PLANS`.
 *
 * @example
 * ```ts
 * isPlan('studio'); // true
 * isPlan('platinum'); // false
 * ```
 */
export function isPlan(plan: unknown): plan is string {
  return typeof plan === 'string' && Object.hasOwn(PLANS, plan);
}

/**
 * The limits of a plan name. A missing plan (`undefined`, the user item has no
 * `plan`) or a name that is not a key of `PLANS` gets the free plan's limits: a
 * user is never given more than they are known to pay for.
 *
 * @example
 * ```ts
 * planLimitsFor('creator').maxInFlight; // 5
 * planLimitsFor(undefined).weeklySlots; // 200 (free)
 * ```
 */
export function planLimitsFor(plan?: string): PlanLimits {
  return isPlan(plan) ? (PLANS[plan] as PlanLimits) : (PLANS[DEFAULT_PLAN] as PlanLimits);
}

/**
 * The weekly slot limit of a plan name (see `planLimitsFor` for unknown plans).
 *
 * @example
 * ```ts
 * weeklyLimitFor('creator'); // 600
 * weeklyLimitFor(undefined); // 200 (free)
 * weeklyLimitFor('platinum'); // 200 (unknown → free)
 * ```
 */
export function weeklyLimitFor(plan?: string): number {
  return planLimitsFor(plan).weeklySlots;
}
