import { LocalSourceUploads } from '../local-source-uploads';

const SECRET = Buffer.alloc(32, 7);
const UPLOAD = {
  key: 'sources/alice/src-AAAAAAAAAAAAAAAAAAAAAA.pdf',
  contentType: 'application/pdf',
  maxBytes: 1000,
  expiresInSeconds: 900,
};

function fieldsOf(fields: Record<string, string>) {
  return (name: string) => fields[name];
}

describe('LocalSourceUploads', () => {
  it('verifies its own form until it expires, on the same clock', async () => {
    let now = new Date('2026-12-06T10:00:00Z');
    const uploads = new LocalSourceUploads({ secret: SECRET, now: () => now });
    const form = await uploads.formFor(UPLOAD);
    expect(form.url).toBe('/api/sources/upload');
    expect(uploads.verify(fieldsOf(form.fields))).toEqual({
      key: UPLOAD.key,
      contentType: 'application/pdf',
      maxBytes: 1000,
    });
    now = new Date('2026-12-06T10:15:01Z');
    expect(uploads.verify(fieldsOf(form.fields))).toBeUndefined();
  });

  it('refuses a form signed with another secret, or with a field changed', async () => {
    const uploads = new LocalSourceUploads({ secret: SECRET });
    const other = new LocalSourceUploads({ secret: Buffer.alloc(32, 8) });
    const form = await uploads.formFor(UPLOAD);
    expect(other.verify(fieldsOf(form.fields))).toBeUndefined();
    const changes: Record<string, string>[] = [
      { key: 'sources/bob/src-AAAAAAAAAAAAAAAAAAAAAA.pdf' },
      { 'Content-Type': 'text/plain' },
      { 'x-lumcast-max-bytes': '100000000' },
      { 'x-lumcast-signature': '' },
    ];
    for (const change of changes) {
      expect(uploads.verify(fieldsOf({ ...form.fields, ...change }))).toBeUndefined();
    }
  });

  it('refuses a secret that is not 32 bytes', () => {
    expect(() => new LocalSourceUploads({ secret: Buffer.alloc(0) })).toThrow(RangeError);
  });
});
