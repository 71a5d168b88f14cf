import { SignatureV4 } from '@smithy/signature-v4';
import { SignatureRejectedError } from '../src/errors';
import { NodeSha256 } from '../src/front-door/node-sha256';
import { verifySigV4, type ReceivedRequest } from '../src/front-door/sigv4-verifier';

const NOW = new Date('2026-12-07T15:00:00Z');
const KEYS = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' };
const keys = (id: string) => (id === KEYS.accessKeyId ? KEYS : undefined);

/** A presigned S3 GET as the SDK's presigner makes it, as the front door receives it. */
async function presignedGet(): Promise<ReceivedRequest> {
  const signer = new SignatureV4({
    service: 's3',
    region: 'us-east-1',
    sha256: NodeSha256,
    uriEscapePath: false,
    credentials: KEYS,
  });
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: 'http:',
      hostname: 'localhost',
      port: 3000,
      path: '/bucket/episodes/j-1/episode.mp3',
      query: {},
      headers: { host: 'localhost:3000', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate: NOW, expiresIn: 600 },
  );
  const rawQuery = new URLSearchParams(signed.query as Record<string, string>).toString();
  return {
    method: 'GET',
    path: signed.path,
    rawQuery,
    headers: { host: 'localhost:3000' },
    body: Buffer.alloc(0),
  };
}

function respelled(request: ReceivedRequest, field: string, value: string, repeat = false) {
  const query = new URLSearchParams(request.rawQuery);
  if (repeat) query.append(field, value);
  else query.set(field, value);
  return { ...request, rawQuery: query.toString() };
}

describe('a presigned URL at the front door', () => {
  it('verifies as the presigner made it', async () => {
    const verified = await verifySigV4(await presignedGet(), keys, NOW);
    expect(verified).toMatchObject({
      accessKeyId: KEYS.accessKeyId,
      service: 's3',
      presigned: true,
    });
  });

  it.each([
    ['an expiry with an exponent', 'X-Amz-Expires', (v: string) => `${v}e0`],
    ['an expiry with a plus sign', 'X-Amz-Expires', (v: string) => `+${v}`],
    ['an expiry with a leading zero', 'X-Amz-Expires', (v: string) => `0${v}`],
    ['an expiry with a fraction', 'X-Amz-Expires', (v: string) => `${v}.0`],
    ['an expiry in hex', 'X-Amz-Expires', (v: string) => `0x${Number(v).toString(16)}`],
    ['a signature in upper case', 'X-Amz-Signature', (v: string) => v.toUpperCase()],
    ['a date in lower case', 'X-Amz-Date', (v: string) => v.toLowerCase()],
  ])('is refused with %s', async (_what, field, change) => {
    const request = await presignedGet();
    const value = new URLSearchParams(request.rawQuery).get(field) as string;
    await expect(verifySigV4(respelled(request, field, change(value)), keys, NOW)).rejects.toThrow(
      SignatureRejectedError,
    );
  });

  it.each(['X-Amz-Signature', 'X-Amz-Expires', 'X-Amz-Date', 'X-Amz-Credential'])(
    'is refused as malformed when it gives %s twice, the same both times',
    async (field) => {
      const request = await presignedGet();
      const value = new URLSearchParams(request.rawQuery).get(field) as string;
      await expect(
        verifySigV4(respelled(request, field, value, true), keys, NOW),
      ).rejects.toMatchObject({ name: 'SignatureRejectedError', code: 'Malformed' });
    },
  );
});
