/**
 * How the local run refuses an upload form: the S3 front door answers as S3 does, an XML error
 * document with S3's status and code, and keeps nothing.
 */

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

/**
 * S3's answers: `EntityTooLarge` is a 400 (the policy's `content-length-range`); a changed field
 * fails the policy (403 `AccessDenied`); a POST that is not a form is no POST Object upload, so an
 * unsigned request to the bucket (403 `AccessDenied`).
 */
export const UPLOAD_REFUSALS = {
  /** A file over the form's `maxBytes`. */
  tooBig: { status: 400, code: 'EntityTooLarge' },
  /** A form whose key, type or expiry was changed. */
  changed: { status: 403, code: 'AccessDenied' },
  /** A body that is not `multipart/form-data`. */
  notAForm: { status: 403, code: 'AccessDenied' },
} satisfies Record<string, UploadRefusal>;
