import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { LOCAL_USER_HEADER, localHeaderIdentity } from '../local-identity';

function withHeader(user: string | undefined): APIGatewayProxyEventV2 {
  return { headers: user === undefined ? {} : { [LOCAL_USER_HEADER]: user } } as never;
}

describe('localHeaderIdentity', () => {
  it.each(['alice', 'bob@example.org', '...', '.alice'])('answers the user %j', (user) =>
    expect(localHeaderIdentity(withHeader(user))).toBe(user),
  );

  it.each(['.', '..', '../alice', 'a/b', 'a\\b', 'a\u0000b', '', undefined])(
    'answers no identity for the header %j, which is no user id',
    (user) => expect(localHeaderIdentity(withHeader(user))).toBeUndefined(),
  );
});
