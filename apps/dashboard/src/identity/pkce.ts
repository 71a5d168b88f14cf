/**
 * Encodes bytes as base64url without padding (RFC 4648 §5), as PKCE requires.
 */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A random URL-safe string of `byteLength` random bytes (a PKCE verifier or an OAuth state).
 */
export function randomUrlSafeString(
  crypto: Pick<Crypto, 'getRandomValues'>,
  byteLength: number,
): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/**
 * The S256 code challenge of a PKCE verifier: base64url(SHA-256(verifier)).
 *
 * @example
 * ```ts
 * await codeChallengeS256(globalThis.crypto.subtle, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636 appendix B)
 * ```
 */
export async function codeChallengeS256(subtle: SubtleCrypto, verifier: string): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
