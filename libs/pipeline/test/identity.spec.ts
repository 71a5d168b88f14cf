import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { cognitoIdentity, isUserId, USER_ID_PATTERN } from '../src/api/identity';

function withSub(sub: unknown): APIGatewayProxyEventV2 {
  return { requestContext: { authorizer: { jwt: { claims: { sub } } } } } as never;
}

describe('the user id rule', () => {
  it.each([
    'alice',
    'alice@example.org',
    '0f3c9a52-7b1e-4d7a-9c55-2f1e8b6a4d10',
    '...',
    '.alice',
    'a'.repeat(128),
  ])('accepts %j', (id) => {
    expect(isUserId(id)).toBe(true);
    expect(USER_ID_PATTERN.test(id)).toBe(true);
  });

  it.each(['.', '..', '', 'a/b', '../bob', 'a\\b', 'a\u0000b', 'a b', 'a#b', 'a'.repeat(129)])(
    'refuses %j',
    (id) => {
      expect(isUserId(id)).toBe(false);
      expect(USER_ID_PATTERN.test(id)).toBe(false);
    },
  );

  it.each([undefined, 42, null])('refuses the non-string %j', (value) =>
    expect(isUserId(value)).toBe(false),
  );
});

describe('cognitoIdentity', () => {
  it('answers the verified sub', () => {
    expect(cognitoIdentity(withSub('0f3c9a52-7b1e-4d7a-9c55-2f1e8b6a4d10'))).toBe(
      '0f3c9a52-7b1e-4d7a-9c55-2f1e8b6a4d10',
    );
  });

  it.each(['.', '..', 'a/b', '', 7])('answers no identity for the sub %j', (sub) =>
    expect(cognitoIdentity(withSub(sub))).toBeUndefined(),
  );
});
