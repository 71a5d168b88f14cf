import { createHmac } from 'node:crypto';
import type { EpisodeLinks, JobRecord } from '@lumcast/pipeline';
import { LINK_SECRET_BYTES } from './link-secret';
import { OwnerSeal } from './owner-seal';
import { onlyValue, parseSignedDecimal, signatureMatches } from './signed-fields';

/** Which file of an episode a link points at. */
export type EpisodeAsset = 'audio' | 'captions';

/** What a verified local link grants. */
export interface VerifiedLink {
  userId: string;
  jobId: string;
  asset: EpisodeAsset;
}

/**
 * {@link EpisodeLinks} for the local stack, built like presigned S3 URLs: an
 * owner-only route on the same origin, signed with a per-data-folder secret
 * and valid for a limited time, so an `<audio>` element (which cannot send the
 * identity header) can fetch it while nobody else can. The secret must be
 * {@link LINK_SECRET_BYTES} bytes (see `./link-secret.ts`); any other length is refused. The
 * owner travels sealed (`owner=`, see `./owner-seal.ts`), never in the clear: a feed's
 * enclosure redirects here, and whoever holds the feed must not learn whose it is.
 */
export class LocalEpisodeLinks implements EpisodeLinks {
  private readonly now: () => Date;
  private readonly owners: OwnerSeal;

  constructor(
    private readonly options: { secret: Buffer; expiresInSeconds: number; now?: () => Date },
  ) {
    // An empty or short key would let anyone forge a link (an HMAC with key '' is public).
    if (options.secret.length !== LINK_SECRET_BYTES)
      throw new RangeError(
        `The link key must be ${LINK_SECRET_BYTES} bytes, not ${options.secret.length}`,
      );
    this.now = options.now ?? (() => new Date());
    this.owners = new OwnerSeal(options.secret);
  }

  async forJob(job: JobRecord): Promise<{ audioUrl?: string; captionsUrl?: string }> {
    return {
      audioUrl: job.audioKey ? this.sign(job.userId, job.jobId, 'audio') : undefined,
      captionsUrl: job.captionsKey ? this.sign(job.userId, job.jobId, 'captions') : undefined,
    };
  }

  /**
   * Checks a link's signature and expiry; undefined when it is not valid. Only the spelling
   * {@link forJob} makes verifies: one `owner` (the sealed user id), one `expires` in plain decimal and one
   * `signature` of 64 lower-case hex characters, compared in constant time (`./signed-fields.ts`).
   */
  verify(jobId: string, asset: EpisodeAsset, query: URLSearchParams): VerifiedLink | undefined {
    const userId = this.owners.open(onlyValue(query.getAll('owner')) ?? null);
    const expires = parseSignedDecimal(onlyValue(query.getAll('expires')));
    const signature = onlyValue(query.getAll('signature'));
    if (!userId || expires === undefined || expires * 1000 < this.now().getTime()) return undefined;
    if (!signatureMatches(signature, this.signature(userId, jobId, asset, expires)))
      return undefined;
    return { userId, jobId, asset };
  }

  private sign(userId: string, jobId: string, asset: EpisodeAsset): string {
    const expires = Math.floor(this.now().getTime() / 1000) + this.options.expiresInSeconds;
    const query = new URLSearchParams({
      owner: this.owners.seal(userId),
      expires: String(expires),
      signature: this.signature(userId, jobId, asset, expires).toString('hex'),
    });
    return `/api/podcasts/${jobId}/${asset}?${query}`;
  }

  private signature(userId: string, jobId: string, asset: EpisodeAsset, expires: number): Buffer {
    return createHmac('sha256', this.options.secret)
      .update(`${userId}\n${jobId}\n${asset}\n${expires}`)
      .digest();
  }
}
