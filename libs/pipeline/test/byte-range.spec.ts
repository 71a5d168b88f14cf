import { rangedFile } from '../src/feeds/byte-range';

const file = Buffer.from('0123456789');
const headers = { 'content-type': 'text/plain' };

function bodyOf(response: ReturnType<typeof rangedFile>): string {
  return Buffer.from(String(response.body), 'base64').toString('utf8');
}

describe('rangedFile', () => {
  it('answers the whole file with 200, its length and accept-ranges when no range is asked', () => {
    const response = rangedFile(file, undefined, headers);
    expect(response).toMatchObject({
      statusCode: 200,
      isBase64Encoded: true,
      headers: { 'content-type': 'text/plain', 'accept-ranges': 'bytes', 'content-length': '10' },
    });
    expect(bodyOf(response)).toBe('0123456789');
  });

  it.each([
    ['bytes=2-5', '2345', 'bytes 2-5/10'],
    ['bytes=7-', '789', 'bytes 7-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=8-100', '89', 'bytes 8-9/10'],
    ['bytes=0-1', '01', 'bytes 0-1/10'],
    ['bytes=-50', '0123456789', 'bytes 0-9/10'],
  ])('answers %s with 206 and exactly those bytes', (range, body, contentRange) => {
    const response = rangedFile(file, range, headers);
    expect(response.statusCode).toBe(206);
    expect(response.headers).toMatchObject({
      'content-range': contentRange,
      'content-length': String(body.length),
    });
    expect(bodyOf(response)).toBe(body);
  });

  it.each(['bytes=10-', 'bytes=5-2', 'bytes=-0'])(
    'answers %s, which no byte satisfies, with 416 naming the length',
    (range) => {
      const response = rangedFile(file, range, headers);
      expect(response.statusCode).toBe(416);
      expect(response.headers).toMatchObject({ 'content-range': 'bytes */10' });
    },
  );

  it.each(['bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'nonsense'])(
    'answers %s (several ranges, another unit or no range at all) with the whole file',
    (range) => {
      const response = rangedFile(file, range, headers);
      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toBe('0123456789');
    },
  );
});
