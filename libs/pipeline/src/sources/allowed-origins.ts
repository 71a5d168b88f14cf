import * as z from '../config/zod-mini';
import { ConfigurationError } from '../errors';
import { isIpAddress, isPrivateNetworkAddress, isPublicAddress } from './public-address';

/** The operator setting naming the origins on private networks that source links may read. */
export const SOURCE_ALLOWED_ORIGINS_VARIABLE = 'LUMCAST_SOURCE_ALLOWED_ORIGINS';

/** One entry of the setting read: its origin as `URL.origin` writes it, or what is wrong with it. */
type ReadOrigin = { origin: string } | { problem: string };

/**
 * One entry of {@link SOURCE_ALLOWED_ORIGINS_VARIABLE} as an origin: an `http:` or `https:` URL
 * with nothing but a scheme, a host and a port (a default port may be left out), and no literal
 * address outside public, loopback and private space (link-local holds the cloud metadata
 * endpoint, which is never read).
 */
function readOrigin(entry: string): ReadOrigin {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { problem: `'${entry}' is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `'${entry}' is not http or https` };
  }
  const originOnly =
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    !/[?#]/.test(entry) &&
    url.search === '' &&
    url.hash === '';
  if (!originOnly) return { problem: `'${entry}' is more than an origin (write '${url.origin}')` };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIpAddress(host) && !isPublicAddress(host) && !isPrivateNetworkAddress(host)) {
    return { problem: `'${entry}' is neither a loopback, a private nor a public address` };
  }
  return { origin: url.origin };
}

/**
 * What {@link SOURCE_ALLOWED_ORIGINS_VARIABLE} holds: origins (`scheme://host:port`), separated by
 * commas, read as their `URL.origin`; blank entries are ignored. Each entry that is not an origin
 * is an issue naming it.
 */
export const allowedOriginsSchema = z.pipe(
  z.string(),
  z.transform((text: string, ctx) => {
    const origins: string[] = [];
    for (const entry of text.split(',').map((part) => part.trim())) {
      if (entry === '') continue;
      const read = readOrigin(entry);
      if ('origin' in read) origins.push(read.origin);
      else {
        ctx.issues.push({
          code: 'custom',
          message: `${read.problem}; list exact origins, comma-separated, as http://127.0.0.1:8080`,
          input: text,
        });
      }
    }
    return origins;
  }),
);

/**
 * Origins as given in code, each read as one entry of the setting.
 *
 * @throws ConfigurationError naming the setting and the first entry that is not an origin.
 */
export function allowedOriginsFrom(origins: readonly string[]): ReadonlySet<string> {
  const read = allowedOriginsSchema.safeParse(origins.join(','));
  if (!read.success) {
    throw new ConfigurationError(
      `${SOURCE_ALLOWED_ORIGINS_VARIABLE}: ${read.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return new Set(read.data);
}
