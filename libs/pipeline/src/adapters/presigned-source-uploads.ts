import type { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { SourceUploads, UploadForm } from '../ports/source-uploads';

/**
 * {@link SourceUploads} as presigned S3 POSTs: the policy pins the key and `Content-Type`
 * (`eq`) and bounds the body with `content-length-range` (1 byte to `maxBytes`), so S3 itself
 * refuses a bigger file, another type, or another key; the form expires after
 * `expiresInSeconds`. It is signed with the function's own credentials, so its role needs
 * `s3:PutObject` on the key (the `sources/` family).
 */
export class PresignedSourceUploads implements SourceUploads {
  constructor(private readonly options: { client: S3Client; bucket: string }) {}

  async formFor(upload: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<UploadForm> {
    const { url, fields } = await createPresignedPost(this.options.client, {
      Bucket: this.options.bucket,
      Key: upload.key,
      Conditions: [
        ['content-length-range', 1, upload.maxBytes],
        ['eq', '$Content-Type', upload.contentType],
      ],
      Fields: { 'Content-Type': upload.contentType },
      Expires: upload.expiresInSeconds,
    });
    return { url, fields };
  }
}
