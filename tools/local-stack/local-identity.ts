import { USER_ID_PATTERN, type IdentityResolver } from '@lumcast/pipeline';

/** The header the dashboard's dev user picker sends. */
export const LOCAL_USER_HEADER = 'x-lumcast-user';

/**
 * The local stack's identity: the `x-lumcast-user` header. It lives here, in
 * the local stack only, so no Lambda bundle contains it and no setting can
 * enable it in a deployed stack.
 *
 * @example
 * ```ts
 * localHeaderIdentity({ headers: { 'x-lumcast-user': 'alice' } } as never); // 'alice'
 * ```
 */
export const localHeaderIdentity: IdentityResolver = (event) => {
  const user = event.headers?.[LOCAL_USER_HEADER];
  return typeof user === 'string' && USER_ID_PATTERN.test(user) ? user : undefined;
};
