import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Finds the caller's user id in a request, or undefined when there is none. */
export type IdentityResolver = (event: APIGatewayProxyEventV2) => string | undefined;

/**
 * What a user id may look like (Cognito `sub`s and local dev names both fit): 1–128 letters,
 * digits, `_`, `.`, `@` and `-`, but not `.` or `..`. The id is a path segment of object keys
 * (`sources/<userId>/…`), so it can hold no `/`, `\` or control character and never be a dot
 * segment.
 */
export const USER_ID_PATTERN = /^(?!\.\.?$)[A-Za-z0-9_.@-]{1,128}$/;

/**
 * Whether a value is a user id ({@link USER_ID_PATTERN}). The API handler asks it of whatever
 * the identity resolver answers, so no resolver can hand a route an id that is not one.
 *
 * @example
 * ```ts
 * isUserId('alice'); // true
 * isUserId('.'); // false
 * isUserId(undefined); // false
 * ```
 */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && USER_ID_PATTERN.test(value);
}

/**
 * The deployed identity: the `sub` claim that API Gateway's Cognito JWT
 * authorizer verified. Nothing from headers, bodies or query strings is used.
 *
 * @example
 * ```ts
 * const handler = createApiHandler({ ...deps, identity: cognitoIdentity });
 * ```
 */
export const cognitoIdentity: IdentityResolver = (event) => {
  const authorizer = (
    event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }
  ).authorizer;
  const sub = authorizer?.jwt?.claims?.['sub'];
  return isUserId(sub) ? sub : undefined;
};
