/**
 * The plans a user can be on, keyed by the `plan` attribute of the users table,
 * with each plan's weekly quota in slots. `free` is the baseline (200 slots: six
 * 15-minute neural episodes).
 *
 * @example
 * ```ts
 * PLANS.free.weeklySlots; // 200
 * PLANS.creator.weeklySlots; // 600
 * ```
 */
export const PLANS: Readonly<Record<string, { readonly weeklySlots: number }>> = Object.freeze({
  free: Object.freeze({ weeklySlots: 200 }),
  creator: Object.freeze({ weeklySlots: 600 }),
  studio: Object.freeze({ weeklySlots: 1500 }),
});

/**
 * The plan used when a user has none or an unknown one.
 *
 * @example
 * ```ts
 * const plan = user.plan ?? DEFAULT_PLAN; // 'free'
 * ```
 */
export const DEFAULT_PLAN = 'free';

/**
 * The weekly slot limit of a plan name. A missing plan (`undefined`, the user
 * item has no `plan`) or a name that is not a key of `PLANS` gets the free
 * plan's limit: a user is never given more than they are known to pay for.
 *
 * @example
 * ```ts
 * weeklyLimitFor('creator'); // 600
 * weeklyLimitFor(undefined); // 200 (free)
 * weeklyLimitFor('platinum'); // 200 (unknown → free)
 * ```
 */
export function weeklyLimitFor(plan?: string): number {
  const known = typeof plan === 'string' && Object.hasOwn(PLANS, plan) ? PLANS[plan] : undefined;
  return (known ?? (PLANS[DEFAULT_PLAN] as { weeklySlots: number })).weeklySlots;
}
