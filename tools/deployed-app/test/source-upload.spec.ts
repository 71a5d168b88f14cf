/**
 * Uploaded source files through the deployed app: POST /api/sources through the gateway's
 * authorizer answers a presigned S3 POST that the api function signed with its own credentials
 * (`createPresignedPost`), the file is POSTed as a browser would to the S3 front door, which
 * verifies the form as S3 does (signature over the policy, expiry, every condition) and then IAM
 * for the api's role, and the write-script function reads the file back (GetObject, through IAM)
 * and writes the script from its text (PDF.js through unpdf).
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  startAwsEndpoints,
  type AwsEndpoints,
  type Caller,
  loadSynthesizedApp,
  IamEvaluator,
  S3RVER_CREDENTIALS,
  startS3Server,
  type RunningS3Server,
  type SynthesizedApp,
} from '@lumcast/aws-emulator';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';
import { CDK_OUT_DIR } from './support/synthesized-template';

/** What POST /api/sources answers (201). */
interface SourceForm {
  sourceId: string;
  uploadUrl: string;
  uploadFields: Record<string, string>;
  maxBytes: number;
  expiresAt: string;
}

const FIRST_PAGE =
  'The lighthouse keeper of Skarvholmen counted eleven storm petrels on the first Tuesday of March.';
const SECOND_PAGE =
  'Her logbook says the petrels arrived from the southwest an hour before the gale turned north.';
const FILE_UNREADABLE = /^The uploaded source file could not be read as text; nothing was charged/;

let deployed: DeployedApp;
/** Added to the front doors' clock (not the functions'), to see a form expire. */
let clockOffsetMs = 0;

beforeAll(async () => {
  deployed = await startDeployedApp({
    timeScale: 0.05,
    frontDoorClock: () => new Date(Date.now() + clockOffsetMs),
  });
}, 180_000);
afterAll(() => deployed?.stop());
afterEach(() => {
  clockOffsetMs = 0;
});

async function pdfWith(pages: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = document.addPage([595, 842]);
    page.drawText(text, { x: 40, y: 780, size: 11, font, maxWidth: 515, lineHeight: 14 });
  }
  return document.save();
}

async function askForForm(token: string, contentType: string): Promise<SourceForm> {
  const answer = await api(deployed, token, 'POST', '/api/sources', { contentType });
  expect(answer.status).toBe(201);
  return answer.body as SourceForm;
}

/** The form as a browser sends it: every field, then the file as `file` (last). */
function formData(fields: Record<string, string>, file: Blob, filename = 'source.pdf'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, filename);
  return form;
}

async function upload(
  url: string,
  form: FormData,
): Promise<{ status: number; code?: string; message?: string }> {
  const response = await fetch(url, { method: 'POST', body: form });
  const text = await response.text();
  return {
    status: response.status,
    ...(text === ''
      ? {}
      : {
          code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1],
          message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1],
        }),
  };
}

function bucketOf(form: SourceForm): string {
  return String(form.uploadFields['bucket']);
}

/** What s3rver holds at the form's own key. */
function storedAt(form: SourceForm) {
  return stored(bucketOf(form), String(form.uploadFields['key']));
}

/** What s3rver holds at a key (past the front door): its Content-Type and size, or undefined. */
async function stored(
  bucket: string,
  key: string,
): Promise<{ contentType?: string; size?: number } | undefined> {
  const s3 = new S3Client({
    endpoint: deployed.s3ServerUrl,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      ...(head.ContentType === undefined ? {} : { contentType: head.ContentType }),
      ...(head.ContentLength === undefined ? {} : { size: head.ContentLength }),
    };
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw error;
  } finally {
    s3.destroy();
  }
}

describe('an uploaded source file through the deployed app', () => {
  it('makes a ready, charged episode from a PDF uploaded with the presigned POST form, the script written from its text, with no IAM denial', async () => {
    const token = await deployed.token('upload-pdf');
    const pdf = await pdfWith([FIRST_PAGE, SECOND_PAGE]);
    const form = await askForForm(token, 'application/pdf');
    expect(form.uploadUrl.startsWith(deployed.endpoints.urls.s3)).toBe(true);
    expect(form.uploadFields.key).toBe(`sources/upload-pdf/${form.sourceId}`);

    const answer = await upload(
      form.uploadUrl,
      formData(form.uploadFields, new Blob([pdf], { type: 'application/pdf' })),
    );
    expect(answer).toEqual({ status: 204 });
    expect(await storedAt(form)).toEqual({
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(deployed.endpoints.calls).toContainEqual(
      expect.objectContaining({
        operation: 'PostObject',
        action: 's3:PutObject',
        resource: `arn:aws:s3:::${bucketOf(form)}/${form.uploadFields['key']}`,
        decision: 'Allowed',
      }),
    );

    const bedrockBefore = deployed.bedrock.requests.length;
    const jobId = await createEpisode(deployed, token, {
      topic: 'Storm petrels at the lighthouse',
      minutes: 1,
      quality: 'standard',
      sourceId: form.sourceId,
    });
    const job = await untilFinal(deployed, token, jobId, 180_000);
    expect(job.status).toBe('ready');
    const quota = (await api(deployed, token, 'GET', '/api/quota')).body;
    expect(job.cost).toBeGreaterThan(0);
    expect(quota.used).toBe(job.cost);
    const asked = deployed.bedrock.requests
      .slice(bedrockBefore)
      .map((request) => JSON.stringify(request.body));
    expect(asked.some((body) => body.includes('eleven storm petrels'))).toBe(true);
    expect(asked.some((body) => body.includes('before the gale turned north'))).toBe(true);
    expect(describeDenials(deployed)).toEqual([]);
  }, 240_000);

  /** Asks for a text form, POSTs a file one byte over `maxBytes`, and makes an episode of it. */
  async function episodeOfTooBigUpload(user: string) {
    const token = await deployed.token(user);
    const form = await askForForm(token, 'text/plain');
    const tooBig = new Blob([Buffer.alloc(form.maxBytes + 1, 'a')], { type: 'text/plain' });
    const answer = await upload(form.uploadUrl, formData(form.uploadFields, tooBig, 'big.txt'));
    const storedAfter = await storedAt(form);
    const jobId = await createEpisode(deployed, token, {
      topic: 'A big file',
      minutes: 1,
      quality: 'standard',
      sourceId: form.sourceId,
    });
    const job = await untilFinal(deployed, token, jobId, 120_000);
    const quota = (await api(deployed, token, 'GET', '/api/quota')).body;
    return { answer, storedAfter, job, quota };
  }

  it('refuses a file over maxBytes with 400 EntityTooLarge, stores nothing, and an episode of that source fails uncharged', async () => {
    const { answer, storedAfter, job, quota } = await episodeOfTooBigUpload('upload-too-big');
    expect(answer).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(storedAfter).toBeUndefined();
    expect(job.status).toBe('failed');
    // write-script may list the bucket, so S3 answers the never-stored source 404 (not 403):
    // the job fails with the uploaded-source message, not the generic one.
    expect(job.error).toEqual(expect.stringMatching(FILE_UNREADABLE));
    expect(quota).toMatchObject({ used: 0, reserved: 0, inFlight: 0 });
    expect(describeDenials(deployed)).toEqual([]);
  }, 180_000);

  it('refuses a form whose key was changed to another user with 403 AccessDenied (policy condition), storing nothing there', async () => {
    const token = await deployed.token('upload-mallory');
    const form = await askForForm(token, 'text/plain');
    const victimKey = `sources/upload-victim/${form.sourceId}`;
    const answer = await upload(
      form.uploadUrl,
      formData({ ...form.uploadFields, key: victimKey }, new Blob(['not yours'])),
    );
    expect(answer).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringContaining('Invalid according to Policy: Policy Condition failed'),
    });
    expect(await stored(bucketOf(form), victimKey)).toBeUndefined();
  });

  it('refuses a policy rewritten to allow a bigger file (its signature no longer matches) with 403', async () => {
    const token = await deployed.token('upload-rewritten');
    const form = await askForForm(token, 'text/plain');
    const policy = JSON.parse(
      Buffer.from(String(form.uploadFields['Policy']), 'base64').toString('utf8'),
    );
    policy.conditions = policy.conditions.map((condition: unknown) =>
      Array.isArray(condition) && condition[0] === 'content-length-range'
        ? ['content-length-range', 1, 1024 * 1024 * 1024]
        : condition,
    );
    const rewritten = Buffer.from(JSON.stringify(policy)).toString('base64');
    const answer = await upload(
      form.uploadUrl,
      formData({ ...form.uploadFields, Policy: rewritten }, new Blob(['some text'])),
    );
    expect(answer).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await storedAt(form)).toBeUndefined();
  });

  it('refuses another Content-Type and a field the policy does not cover with 403 AccessDenied', async () => {
    const token = await deployed.token('upload-fields');
    const form = await askForForm(token, 'application/pdf');
    const otherType = await upload(
      form.uploadUrl,
      formData({ ...form.uploadFields, 'Content-Type': 'text/html' }, new Blob(['<p>hi</p>'])),
    );
    expect(otherType).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringContaining('Content-Type'),
    });
    const extra = await upload(
      form.uploadUrl,
      formData({ ...form.uploadFields, 'x-amz-meta-owner': 'someone' }, new Blob(['%PDF-'])),
    );
    expect(extra).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    });
    const ignored = await upload(
      form.uploadUrl,
      formData({ ...form.uploadFields, 'x-ignore-note': 'fine' }, new Blob(['%PDF-'])),
    );
    expect(ignored).toEqual({ status: 204 });
  });

  it('refuses a form used after its expiration (15 minutes) with 403 "Policy expired", and takes it before', async () => {
    const token = await deployed.token('upload-late');
    const form = await askForForm(token, 'text/markdown');
    const fields = () => formData(form.uploadFields, new Blob(['# Tides\n\nThe moon pulls.']));
    clockOffsetMs = Date.parse(form.expiresAt) - Date.now() + 1_000;
    expect(await upload(form.uploadUrl, fields())).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
    expect(await storedAt(form)).toBeUndefined();
    clockOffsetMs = Date.parse(form.expiresAt) - Date.now() - 5_000;
    expect(await upload(form.uploadUrl, fields())).toEqual({ status: 204 });
  });
});

/**
 * IAM really gates the upload: the same front door, judging with the template's IAM minus the
 * api role's `s3:PutObject` on `sources/*`, refuses a form the api's credentials signed and
 * records the denial. (The deployed app has no way to run with a narrowed policy; the front door
 * takes its IAM evaluator as a part, so this runs it alone over s3rver.)
 */
describe("the S3 front door without the api role's PutObject on sources/*", () => {
  const app = loadSynthesizedApp({ cdkOutDir: CDK_OUT_DIR, endpoints: {} });
  const apiFunction = app.functions.find((f) => f.handlerName === 'api');
  const bucket = app.buckets.find((b) => /audio/i.test(b.logicalId));
  if (apiFunction === undefined || bucket === undefined)
    throw new Error('no api function or audio bucket in the template');
  const keys = { accessKeyId: 'ASIANARROWEDAPI00', secretAccessKey: 'narrowed', sessionToken: 't' };
  let s3: RunningS3Server;
  let endpoints: AwsEndpoints;

  function withoutSourcePuts(source: SynthesizedApp, roleLogicalId: string): SynthesizedApp {
    const role = source.roles[roleLogicalId];
    if (role === undefined) throw new Error(`no role ${roleLogicalId}`);
    const grantsSourcePut = (statement: { Action?: unknown; Resource?: unknown }) =>
      JSON.stringify(statement.Action ?? '').includes('s3:PutObject') &&
      JSON.stringify(statement.Resource ?? '').includes('/sources/');
    const policyDocuments = role.policyDocuments.map((document) => {
      const { Statement = [], ...rest } = document as { Statement?: object[] };
      return { ...rest, Statement: Statement.filter((s) => !grantsSourcePut(s)) };
    });
    expect(JSON.stringify(policyDocuments)).not.toEqual(JSON.stringify(role.policyDocuments));
    return { ...source, roles: { ...source.roles, [roleLogicalId]: { ...role, policyDocuments } } };
  }

  beforeAll(async () => {
    s3 = await startS3Server(app.buckets);
    const caller: Caller = {
      functionLogicalId: apiFunction.logicalId,
      roleLogicalId: apiFunction.roleLogicalId,
      secretAccessKey: keys.secretAccessKey,
      sessionToken: keys.sessionToken,
    };
    endpoints = await startAwsEndpoints({
      app,
      iam: new IamEvaluator(withoutSourcePuts(app, apiFunction.roleLogicalId)),
      callers: new Map([[keys.accessKeyId, caller]]),
      upstream: {
        dynamodb: 'http://127.0.0.1:9',
        s3: s3.endpoint,
        polly: 'http://127.0.0.1:9',
        bedrock: 'http://127.0.0.1:9',
      },
      local: {
        sqs: () => Promise.reject(new Error('not used')),
        sfn: () => Promise.reject(new Error('not used')),
      },
    });
  });
  afterAll(async () => {
    await endpoints?.stop();
    await s3?.stop();
  });

  it('refuses an upload the api signed with 403 AccessDenied naming s3:PutObject and records the denial', async () => {
    const client = new S3Client({
      endpoint: endpoints.urls.s3,
      region: app.account.region,
      credentials: keys,
    });
    const key = 'sources/narrowed-user/src-AAAAAAAAAAAAAAAAAAAAAA.txt';
    const { url, fields } = await createPresignedPost(client, {
      Bucket: bucket.bucketName,
      Key: key,
      Conditions: [
        ['content-length-range', 1, 10 * 1024 * 1024],
        ['eq', '$Content-Type', 'text/plain'],
      ],
      Fields: { 'Content-Type': 'text/plain' },
      Expires: 900,
    });
    client.destroy();
    const response = await fetch(url, {
      method: 'POST',
      body: formData(fields, new Blob(['Tides rise twice a day.']), 'tides.txt'),
    });
    const text = await response.text();
    expect(response.status).toBe(403);
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).toContain(`s3:PutObject on resource: ${bucket.bucketArn}/${key}`);
    expect(
      endpoints
        .denials()
        .map((call) => `${call.functionLogicalId} ${call.action} ${call.resource}`),
    ).toEqual([`${apiFunction.logicalId} s3:PutObject ${bucket.bucketArn}/${key}`]);
  });
});
