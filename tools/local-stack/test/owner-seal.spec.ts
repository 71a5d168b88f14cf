import { randomBytes } from 'node:crypto';
import { OwnerSeal } from '../owner-seal';

describe('OwnerSeal', () => {
  const key = randomBytes(32);

  it.each(['alice', 'user-with-dashes_and.dots', 'ünïcødé 用户'])(
    'seals %s into a token that does not show it, and opens it again',
    (userId) => {
      const token = new OwnerSeal(key).seal(userId);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token).not.toContain(userId);
      expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(userId);
      expect(new OwnerSeal(key).open(token)).toBe(userId);
    },
  );

  it('makes a new token each time, so two links of one owner cannot be matched', () => {
    const seal = new OwnerSeal(key);
    expect(seal.seal('alice')).not.toBe(seal.seal('alice'));
  });

  it.each([
    ['a token sealed with another key', () => new OwnerSeal(randomBytes(32)).seal('alice')],
    ['a token with one byte changed', () => flipLastByte(new OwnerSeal(key).seal('alice'))],
    ['a token cut short', () => new OwnerSeal(key).seal('alice').slice(0, 20)],
    ['the user id itself', () => 'alice'],
    ['an empty token', () => ''],
  ])('opens %s to nothing', (_, token) => {
    expect(new OwnerSeal(key).open(token())).toBeUndefined();
  });

  it('opens a missing owner to nothing', () => {
    expect(new OwnerSeal(key).open(null)).toBeUndefined();
  });
});

function flipLastByte(token: string): string {
  const bytes = Buffer.from(token, 'base64url');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
  return bytes.toString('base64url');
}
