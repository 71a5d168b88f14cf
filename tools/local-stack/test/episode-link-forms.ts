/**
 * What the specs need to know of a stack's episode links, on either run: in process they are
 * HMAC-signed routes of the API (`/api/podcasts/<id>/audio?user=…&expires=…&signature=…`, see
 * `../local-episode-links.ts`); on the engine presigned S3 URLs on the same origin
 * (`/<bucket>/episodes/<id>/episode.mp3?X-Amz-…`). A spec reads the form from the link the stack
 * handed out, and forges a bad one the way each run signs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { OwnerSeal } from '../owner-seal';
import { ON_ENGINE } from './engine-test-stack';

/**
 * Where every link to the same asset starts: the link's origin (the stack's, for a relative link)
 * and path, then `?`, as a pattern that matches nothing else.
 */
export function linkPrefixPattern(link: string, stackUrl: string): RegExp {
  const url = new URL(link, stackUrl);
  const escaped = `${url.origin}${url.pathname}?`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${escaped}`);
}

/**
 * The real link `link` (to `userId`'s episode `jobId`'s audio) signed again with an empty key,
 * otherwise as the run signs it: in process the HMAC of the route's fields with `''`; on the
 * engine SigV4 with the link's own access key id and session token but an empty secret key.
 */
export async function linkSignedWithEmptyKey(
  link: string,
  stackUrl: string,
  episode: { userId: string; jobId: string },
): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + 600;
  if (!ON_ENGINE) {
    const signature = createHmac('sha256', '')
      .update(`${episode.userId}\n${episode.jobId}\naudio\n${expires}`)
      .digest('hex');
    return `${stackUrl}/api/podcasts/${episode.jobId}/audio?user=${episode.userId}&expires=${expires}&signature=${signature}`;
  }
  const url = new URL(link, stackUrl);
  const [accessKeyId = '', , region = 'us-east-1'] = (
    url.searchParams.get('X-Amz-Credential') ?? ''
  ).split('/');
  const [bucket = '', ...key] = url.pathname.slice(1).split('/');
  const client = new S3Client({
    endpoint: url.origin,
    region,
    forcePathStyle: true,
    credentials: {
      accessKeyId,
      secretAccessKey: '',
      sessionToken: url.searchParams.get('X-Amz-Security-Token') ?? undefined,
    },
  });
  try {
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: decodeURIComponent(key.join('/')),
    });
    return await getSignedUrl(client, command, { expiresIn: 600 });
  } finally {
    client.destroy();
  }
}

/**
 * The content type of a refused link: the in-process route's JSON error, or S3's XML error
 * document (`AccessDenied`, `SignatureDoesNotMatch`) on the engine, as AWS answers.
 */
export const REFUSED_LINK_CONTENT_TYPE = ON_ENGINE ? /^application\/xml/ : /^application\/json/;

/**
 * The link rewritten to name what it was not signed for: in process another owner's sealed id
 * (`owner=`); on the engine, whose keys name no owner, another object (the episode's captions
 * instead of its audio). Either run must refuse it with 403, as S3 refuses a URL that does not verify.
 */
export function linkRewritten(link: string): string {
  if (ON_ENGINE) return link.replace('/episode.mp3?', '/captions.vtt?');
  return link.replace(/owner=[^&]+/, `owner=${new OwnerSeal(randomBytes(32)).seal('bob')}`);
}

/** Where the link's object is, asked with no signature at all (an identity may come along). */
export function linkUnsigned(link: string, stackUrl: string, jobId: string): string {
  if (ON_ENGINE) {
    const url = new URL(link, stackUrl);
    return `${url.origin}${url.pathname}`;
  }
  return `${stackUrl}/api/podcasts/${jobId}/audio`;
}
