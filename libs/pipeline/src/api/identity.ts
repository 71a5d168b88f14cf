import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Finds the caller's user id in a request, or undefined when there is none. */
export type IdentityResolver = (event: APIGatewayProxyEventV2) => string | undefined;

/** What a user id may look like (Cognito `sub`s and local dev names both fit). */
export const USER_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,128}$/;

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
  return typeof sub === 'string' && USER_ID_PATTERN.test(sub) ? sub : undefined;
};
