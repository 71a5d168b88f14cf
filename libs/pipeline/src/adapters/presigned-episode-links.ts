import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { JobRecord } from '../jobs/job';
import type { EpisodeLinks } from '../ports/episode-links';

/** {@link EpisodeLinks} as short-lived presigned S3 GET URLs. */
export class PresignedEpisodeLinks implements EpisodeLinks {
  constructor(
    private readonly options: { client: S3Client; bucket: string; expiresInSeconds: number },
  ) {}

  async forJob(job: JobRecord): Promise<{ audioUrl?: string; captionsUrl?: string }> {
    const sign = (key: string | undefined) =>
      key
        ? getSignedUrl(
            this.options.client,
            new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
            {
              expiresIn: this.options.expiresInSeconds,
            },
          )
        : Promise.resolve(undefined);
    const [audioUrl, captionsUrl] = await Promise.all([sign(job.audioKey), sign(job.captionsKey)]);
    return { audioUrl, captionsUrl };
  }
}
