import { isPlainPathCapture, isPlainPathSegment } from '../src/api/path-segment';

describe('isPlainPathSegment', () => {
  it.each(['j-0mipvs3k00-5f1c9a0b7e2d4c66', 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf', '...', '.a', 'a.'])(
    'takes %j as one segment',
    (value) => expect(isPlainPathSegment(value)).toBe(true),
  );

  it.each(['', '.', '..', 'a/b', '/', 'a\\b', 'a\u0000', 'a\tb', 'a\u007f', 'a\u0085'])(
    'refuses %j',
    (value) => expect(isPlainPathSegment(value)).toBe(false),
  );
});

describe('isPlainPathCapture', () => {
  it.each(['f-3q2-7wX0aBcDeFgHiJkLmN', 'caf%C3%A9'])('takes %j', (raw) =>
    expect(isPlainPathCapture(raw)).toBe(true),
  );

  it.each(['..', '%2e%2e', '%2E', 'a%2fb', 'a%5Cb', '%00', 'a%0d%0a', '%', 'a%zz'])(
    'refuses %j, as it came or decoded',
    (raw) => expect(isPlainPathCapture(raw)).toBe(false),
  );
});
