import { localIdentityHeaders, LOCAL_USER_HEADER } from '../engine-identity';

const forward = localIdentityHeaders(async (userId) => `token-of-${userId}`);

describe("the local run's identity header", () => {
  it.each(['alice', 'bob@example.org', '...', '.alice'])(
    'becomes the ID token of the user %j, and is not forwarded itself',
    async (user) => {
      const forwarded = await forward({ [LOCAL_USER_HEADER]: user, accept: 'application/json' });
      expect(forwarded).toEqual({
        headers: { accept: 'application/json', authorization: `Bearer token-of-${user}` },
        identified: true,
      });
    },
  );

  it.each(['.', '..', '../alice', 'a/b', 'a\\b', 'a\u0000b', ''])(
    'is no identity for the header %j, which is no user id, and is not forwarded',
    async (user) => {
      const forwarded = await forward({ [LOCAL_USER_HEADER]: user, accept: 'text/html' });
      expect(forwarded).toEqual({ headers: { accept: 'text/html' }, identified: false });
    },
  );

  it('is no identity without the header', async () => {
    expect(await forward({})).toEqual({ headers: {}, identified: false });
  });
});
