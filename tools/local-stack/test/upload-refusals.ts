/**
 * How each run refuses an upload form. In process the upload route answers JSON errors of its own
 * (`../source-upload-route.ts`); on the engine the S3 front door answers as S3 does, an XML error
 * document with S3's status and code. Both must refuse with a 4xx and keep nothing: the specs
 * check that contract on both runs, and each run's exact answer below.
 */
import { ON_ENGINE } from './engine-test-stack';

/** A refusal's status and error code (the JSON `error.code`, or S3's XML `<Code>`). */
export interface UploadRefusal {
  status: number;
  code: string | undefined;
}

/** What an upload answer says: its status and error code, from JSON or S3's XML. */
export function refusalOf(answer: { status: number; body: string }): UploadRefusal {
  const xmlCode = /<Code>([^<]+)<\/Code>/.exec(answer.body)?.[1];
  if (xmlCode !== undefined) return { status: answer.status, code: xmlCode };
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: string } };
    return { status: answer.status, code: parsed.error?.code };
  } catch {
    return { status: answer.status, code: undefined };
  }
}

const IN_PROCESS = {
  /** A file over the form's `maxBytes`. */
  tooBig: { status: 413, code: 'too_big' },
  /** A form whose key, type or expiry was changed. */
  changed: { status: 403, code: 'access_denied' },
  /** A body that is not `multipart/form-data`. */
  notAForm: { status: 400, code: 'not_a_form' },
} satisfies Record<string, UploadRefusal>;

/**
 * S3's answers: `EntityTooLarge` is a 400 (the policy's `content-length-range`); a changed field
 * fails the policy (403 `AccessDenied`); a POST that is not a form is no POST Object upload, so an
 * unsigned request to the bucket (403 `AccessDenied`).
 */
const ON_S3 = {
  tooBig: { status: 400, code: 'EntityTooLarge' },
  changed: { status: 403, code: 'AccessDenied' },
  notAForm: { status: 403, code: 'AccessDenied' },
} satisfies typeof IN_PROCESS;

/** The refusals of the run the specs are on (`LUMCAST_ENGINE=1`: S3's). */
export const UPLOAD_REFUSALS: typeof IN_PROCESS = ON_ENGINE ? ON_S3 : IN_PROCESS;
