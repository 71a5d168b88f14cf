/**
 * The POST Object check on its own, with forms the real `createPresignedPost` signs.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { readPostObjectForm, verifyPostObject } from '../src/s3/s3-post-object';

const credentials = {
  accessKeyId: 'ASIAPOSTFORM0001',
  secretAccessKey: 'right',
  sessionToken: 't',
};
const keys = (id: string) =>
  id === credentials.accessKeyId
    ? { secretAccessKey: credentials.secretAccessKey, sessionToken: credentials.sessionToken }
    : undefined;
const client = new S3Client({
  endpoint: 'http://127.0.0.1:9',
  region: 'us-east-1',
  credentials,
});
afterAll(() => client.destroy());

type Conditions = Parameters<typeof createPresignedPost>[1]['Conditions'];

async function signedForm(
  key = 'sources/u/src.txt',
  conditions: Conditions = [['content-length-range', 1, 100]],
  fields: Record<string, string> = {},
) {
  return createPresignedPost(client, {
    Bucket: 'audio',
    Key: key,
    Conditions: conditions,
    Fields: fields,
    Expires: 60,
  });
}

/** Sends the fields (then the file, then `after`) through a real multipart body. */
async function received(
  fields: Record<string, string>,
  file: Blob | null = new Blob(['hello']),
  after: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file, 'notes.txt');
  for (const [name, value] of Object.entries(after)) form.append(name, value);
  const request = new Request('http://front-door.invalid/audio', { method: 'POST', body: form });
  const parsed = await readPostObjectForm(
    'audio',
    request.headers.get('content-type') ?? '',
    Buffer.from(await request.arrayBuffer()),
  );
  if (parsed === undefined) throw new Error('the form was not read');
  return parsed;
}

describe('verifyPostObject', () => {
  it('accepts a form the SDK signed, naming the signer, key, Content-Type and the default 204', async () => {
    const { fields } = await signedForm('sources/u/a.txt', [], { 'Content-Type': 'text/plain' });
    const verdict = verifyPostObject(await received(fields), keys, new Date());
    expect(verdict).toMatchObject({
      accessKeyId: credentials.accessKeyId,
      sessionToken: 't',
      key: 'sources/u/a.txt',
      contentType: 'text/plain',
      successStatus: 204,
    });
  });

  it('substitutes ${filename} in the key and checks the starts-with condition the SDK adds', async () => {
    const { fields } = await signedForm('uploads/${filename}');
    expect(verifyPostObject(await received(fields), keys, new Date())).toMatchObject({
      key: 'uploads/notes.txt',
    });
    expect(
      verifyPostObject(await received({ ...fields, key: 'other/${filename}' }), keys, new Date()),
    ).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses a form signed with another secret as SignatureDoesNotMatch, and an unknown key as InvalidAccessKeyId', async () => {
    const { fields } = await signedForm();
    expect(
      verifyPostObject(
        await received(fields),
        () => ({ secretAccessKey: 'wrong', sessionToken: 't' }),
        new Date(),
      ),
    ).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(verifyPostObject(await received(fields), () => undefined, new Date())).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });

  it('answers EntityTooSmall for an empty file and InvalidArgument for none', async () => {
    const { fields } = await signedForm();
    expect(verifyPostObject(await received(fields, new Blob([])), keys, new Date())).toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
    });
    expect(verifyPostObject(await received(fields, null), keys, new Date())).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    });
  });

  it('ignores fields after the file, as S3 does, and refuses a field given twice', async () => {
    const { fields } = await signedForm();
    expect(
      verifyPostObject(
        await received(fields, new Blob(['x']), { 'x-amz-meta-late': 'ignored' }),
        keys,
        new Date(),
      ),
    ).toMatchObject({ key: 'sources/u/src.txt' });
    const form = await received({ ...fields, KEY: 'sources/u/src.txt' });
    expect(verifyPostObject(form, keys, new Date())).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    });
  });

  it('answers 201 when the policy covers success_action_status, and refuses it as an extra field when not', async () => {
    const covered = await signedForm('sources/u/s.txt', [], { success_action_status: '201' });
    expect(verifyPostObject(await received(covered.fields), keys, new Date())).toMatchObject({
      successStatus: 201,
    });
    const { fields } = await signedForm();
    expect(
      verifyPostObject(
        await received({ ...fields, success_action_status: '201' }),
        keys,
        new Date(),
      ),
    ).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Extra input fields: success_action_status',
    });
  });

  it('refuses a form whose bucket field is not the bucket it was posted to', async () => {
    const { fields } = await signedForm();
    const form = await received(fields);
    expect(verifyPostObject({ ...form, bucket: 'other' }, keys, new Date())).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
  });
});
