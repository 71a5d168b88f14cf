import { randomBytes } from 'node:crypto';

/**
 * What a feed id looks like: `f-` and 22 base64url characters (128 random bits). The id is
 * the feed URL's only secret, so anything else in a path is refused before any read.
 */
export const FEED_ID_PATTERN = /^f-[A-Za-z0-9_-]{22}$/;

/**
 * A new, unguessable feed id (128 bits from the system's CSPRNG): whoever holds it can listen
 * to the feed, nothing more.
 */
export function newFeedId(random: (bytes: number) => Buffer = randomBytes): string {
  return `f-${random(16).toString('base64url')}`;
}
