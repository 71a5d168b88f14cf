/**
 * Links and upload forms in another spelling (the security probe's "signature spellings"): the
 * local run's episode links are presigned S3 URLs and its upload forms S3 POST policies, checked by
 * the engine's S3 front door. A signature, expiry or date spelled otherwise than it was signed —
 * upper case, padded, cut, re-encoded, repeated — is refused with 403, and an upload so refused
 * keeps nothing.
 */
import { existsSync } from 'node:fs';
import {
  callApi,
  makeEpisode,
  SHORT_SOURCE,
  startTestStack,
  storedObjectPath,
  temporaryDataDir,
  ToneSynthesizer,
  type LocalStack,
} from './support';

jest.setTimeout(180_000);

/** Spellings of a hex signature that a lax reader could take for the same bytes, or near. */
const SIGNATURE_SPELLINGS: [string, (signature: string) => string][] = [
  ['in upper case', (signature) => signature.toUpperCase()],
  ['with an extra hex digit', (signature) => `${signature}0`],
  ['with "zz" appended', (signature) => `${signature}zz`],
  ['one digit short', (signature) => signature.slice(0, -1)],
  ['after a space', (signature) => ` ${signature}`],
  ['in base64', (signature) => Buffer.from(signature, 'hex').toString('base64')],
];

/** Spellings of a whole number that `Number()` reads as the same number. */
const NUMBER_SPELLINGS: [string, (value: string) => string][] = [
  ['with an exponent', (value) => `${value}e0`],
  ['with a plus sign', (value) => `+${value}`],
  ['with a leading zero', (value) => `0${value}`],
  ['with a fraction', (value) => `${value}.0`],
  ['padded with spaces', (value) => ` ${value} `],
  ['in hex', (value) => `0x${Number(value).toString(16)}`],
];

/** Spellings of an ISO 8601 basic timestamp (`20261207T150000Z`) that name the same instant. */
const DATE_SPELLINGS: [string, (value: string) => string][] = [
  ['in lower case', (value) => value.toLowerCase()],
  ['with a +00:00 offset', (value) => value.replace('Z', '+00:00')],
  [
    'in extended format',
    (value) =>
      value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  ],
];

/** How S3 refuses: 403 for what does not verify, 400 for a malformed or repeated field. */
const REFUSED = [400, 403];

const LINK_SPELLINGS = [
  ...SIGNATURE_SPELLINGS.map(
    ([what, change]) => [`X-Amz-Signature ${what}`, 'X-Amz-Signature', change] as const,
  ),
  ...NUMBER_SPELLINGS.map(
    ([what, change]) => [`X-Amz-Expires ${what}`, 'X-Amz-Expires', change] as const,
  ),
  ...DATE_SPELLINGS.map(([what, change]) => [`X-Amz-Date ${what}`, 'X-Amz-Date', change] as const),
];

const FORM_SPELLINGS = [
  ...SIGNATURE_SPELLINGS.map(
    ([what, change]) => [`a signature ${what}`, 'x-amz-signature', change] as const,
  ),
  ...DATE_SPELLINGS.map(([what, change]) => [`a date ${what}`, 'x-amz-date', change] as const),
];

interface SourceForm {
  sourceId: string;
  uploadUrl: string;
  uploadFields: Record<string, string>;
}

const data = temporaryDataDir();
let stack: LocalStack;
let audioLink: URL;

beforeAll(async () => {
  stack = await startTestStack({ dataDir: data.dir, tones: new ToneSynthesizer() });
  const job = await makeEpisode(stack, 'alice', {
    topic: 'Tides',
    sourceText: SHORT_SOURCE,
    minutes: 1,
    quality: 'standard',
  });
  expect(job.status).toBe('ready');
  audioLink = new URL(job.audioUrl as string, stack.url);
});
afterAll(async () => {
  await stack?.stop();
  data.remove();
});

/** The link with one query field set to another value, or given twice. */
function respelled(field: string, value: string, repeat = false): URL {
  const changed = new URL(audioLink);
  if (repeat) changed.searchParams.append(field, value);
  else changed.searchParams.set(field, value);
  return changed;
}

async function newForm(): Promise<SourceForm> {
  const answer = await callApi(stack, 'POST', '/api/sources', {
    user: 'alice',
    body: { contentType: 'text/plain' },
  });
  expect(answer.status).toBe(201);
  return answer.body as SourceForm;
}

/** The form's field named `name` in whatever case the form spells it. */
function fieldName(form: SourceForm, name: string): string {
  const found = Object.keys(form.uploadFields).find((field) => field.toLowerCase() === name);
  if (!found) throw new Error(`The upload form has no ${name} field`);
  return found;
}

async function upload(form: SourceForm, fields: [string, string][]): Promise<number> {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  body.append('file', new Blob(['Lagoons are shallow.']), 'source.txt');
  const response = await fetch(new URL(form.uploadUrl, stack.url), { method: 'POST', body });
  await response.arrayBuffer();
  return response.status;
}

const storedKeyOf = (form: SourceForm) => form.uploadFields[fieldName(form, 'key')] as string;

describe('a link in another spelling', () => {
  it('is served as it was made', async () => {
    expect((await fetch(audioLink)).status).toBe(200);
  });

  it.each(LINK_SPELLINGS)('is refused: %s', async (_what, field, change) => {
    const answer = await fetch(
      respelled(field, change(audioLink.searchParams.get(field) as string)),
    );
    expect(REFUSED).toContain(answer.status);
  });

  it.each(['X-Amz-Signature', 'X-Amz-Expires', 'X-Amz-Date'])(
    'is refused when it gives %s twice, the same both times',
    async (field) => {
      const again = respelled(field, audioLink.searchParams.get(field) as string, true);
      expect(REFUSED).toContain((await fetch(again)).status);
    },
  );
});

describe('an upload form in another spelling', () => {
  it('keeps the file of the form as it was made', async () => {
    const form = await newForm();
    expect(await upload(form, Object.entries(form.uploadFields))).toBe(204);
    expect(existsSync(storedObjectPath(data.dir, storedKeyOf(form)))).toBe(true);
  });

  it.each(FORM_SPELLINGS)('is refused, keeping nothing: %s', async (_what, name, change) => {
    const form = await newForm();
    const field = fieldName(form, name);
    const fields = Object.entries({
      ...form.uploadFields,
      [field]: change(form.uploadFields[field] as string),
    });
    expect(REFUSED).toContain(await upload(form, fields));
    expect(existsSync(storedObjectPath(data.dir, storedKeyOf(form)))).toBe(false);
  });

  it('is refused, keeping nothing, when it gives its signature twice', async () => {
    const form = await newForm();
    const field = fieldName(form, 'x-amz-signature');
    const fields: [string, string][] = [
      ...Object.entries(form.uploadFields),
      [field, form.uploadFields[field] as string],
    ];
    expect(REFUSED).toContain(await upload(form, fields));
    expect(existsSync(storedObjectPath(data.dir, storedKeyOf(form)))).toBe(false);
  });
});
