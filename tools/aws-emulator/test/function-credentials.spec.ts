import { randomBytes } from 'node:crypto';
import { credentialsFor } from '../src/front-door/function-credentials';
import { bundles } from './support';

describe('a function’s local credentials', () => {
  const fixture = bundles({
    first: 'export const handler = async () => 1;',
    second: 'export const handler = async () => 2;',
  });
  afterAll(() => fixture.cleanup());
  const [first, second] = fixture.functions as [
    (typeof fixture.functions)[number],
    (typeof fixture.functions)[number],
  ];

  it('are the same on every run without a key, and differ between functions', () => {
    expect(credentialsFor(first)).toEqual(credentialsFor(first));
    expect(credentialsFor(first).accessKeyId).not.toBe(credentialsFor(second).accessKeyId);
    expect(credentialsFor(first).accessKeyId).toMatch(/^ASIA[0-9A-F]{16}$/);
  });

  it('follow a run’s key: the same key gives the same credentials, another key others, none of them the keyless ones', () => {
    const key = randomBytes(32);
    const withKey = credentialsFor(first, key);
    expect(credentialsFor(first, Buffer.from(key))).toEqual(withKey);
    const other = credentialsFor(first, randomBytes(32));
    for (const part of ['accessKeyId', 'secretAccessKey', 'sessionToken'] as const) {
      expect(other[part]).not.toBe(withKey[part]);
      expect(credentialsFor(first)[part]).not.toBe(withKey[part]);
    }
    expect(withKey.accessKeyId).toMatch(/^ASIA[0-9A-F]{16}$/);
    expect(withKey.secretAccessKey).toHaveLength(40);
  });
});
