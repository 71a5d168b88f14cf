import { timingSafeEqual } from 'node:crypto';

/** An HMAC-SHA256 as a link or form carries it: 64 lower-case hex characters, nothing else. */
const SIGNATURE_HEX = /^[0-9a-f]{64}$/;

/** A whole number in decimal: no sign, exponent, fraction, padding or leading zero. */
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * The one value of a signed field, or `undefined` when it is absent, repeated or not text: a
 * signed link or form has one spelling, so `?expires=1&expires=2` is no link.
 */
export function onlyValue(values: readonly unknown[]): string | undefined {
  const [value] = values;
  return values.length === 1 && typeof value === 'string' ? value : undefined;
}

/**
 * A signed whole number (an expiry in Unix seconds, a size bound) read strictly: decimal digits
 * only, no sign, exponent, fraction, whitespace or leading zero, and a safe integer; anything
 * else is `undefined`. `Number()` would read `+9`, `9e0`, `09`, `9.0` and ` 9 ` all as 9, which
 * are spellings the signer never made.
 */
export function parseSignedDecimal(text: string | undefined): number | undefined {
  if (text === undefined || !DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Whether a given signature is the expected HMAC-SHA256, compared in constant time
 * (`crypto.timingSafeEqual` on two 32-byte buffers). Only the canonical spelling counts: 64
 * lower-case hex characters, so an upper-case copy, an extra digit or trailing junk (which
 * `Buffer.from(…, 'hex')` would quietly drop) is no signature.
 */
export function signatureMatches(given: string | undefined, expected: Buffer): boolean {
  if (given === undefined || !SIGNATURE_HEX.test(given)) return false;
  const bytes = Buffer.from(given, 'hex');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
