import { isUserId, type IdentityResolver } from '@lumcast/pipeline';

/** The header the dashboard's dev user picker sends. */
export const LOCAL_USER_HEADER = 'x-lumcast-user';

/**
 * The local stack's identity: the `x-lumcast-user` header. It lives here, in
 * the local stack only, so no Lambda bundle contains it and no setting can
 * enable it in a deployed stack. A header that is not a user id (`USER_ID_PATTERN`: `.`, `..`,
 * anything with `/`) is no identity, so the request is 401.
 */
export const localHeaderIdentity: IdentityResolver = (event) => {
  const user = event.headers?.[LOCAL_USER_HEADER];
  return isUserId(user) ? user : undefined;
};
