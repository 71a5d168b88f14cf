/**
 * One upload form: where a browser POSTs the file (`multipart/form-data`), and the fields to
 * send before the `file` field, as they are.
 */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

/**
 * Makes an upload form for one source file: a presigned S3 POST in AWS (its policy pins the key
 * and `Content-Type` and bounds the size with `content-length-range`), a signed route of the
 * local server locally. Whatever the store, a file over `maxBytes` or of another type is refused
 * by the receiver, before it is kept.
 */
export interface SourceUploads {
  formFor(upload: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<UploadForm>;
}
