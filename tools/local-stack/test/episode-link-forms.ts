/**
 * What the specs need to know of a stack's episode links: presigned S3 URLs on the stack's own
 * origin (`/<bucket>/episodes/<id>/episode.mp3?X-Amz-…`), checked by the engine's S3 front door as
 * S3 checks them. A spec reads the form from the link the stack handed out, and forges bad ones.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

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
 * The real link `link` signed again with SigV4 with the link's own access key id and session
 * token but an empty secret key.
 */
export async function linkSignedWithEmptyKey(link: string, stackUrl: string): Promise<string> {
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

/** The content type of a refused link: S3's XML error document (`AccessDenied`, `SignatureDoesNotMatch`). */
export const REFUSED_LINK_CONTENT_TYPE = /^application\/xml/;

/**
 * The link rewritten to name what it was not signed for: another object (the episode's captions
 * instead of its audio). It must be refused with 403, as S3 refuses a URL that does not verify.
 */
export function linkRewritten(link: string): string {
  return link.replace('/episode.mp3?', '/captions.vtt?');
}

/** Where the link's object is, asked with no signature at all (an identity may come along). */
export function linkUnsigned(link: string, stackUrl: string): string {
  const url = new URL(link, stackUrl);
  return `${url.origin}${url.pathname}`;
}
