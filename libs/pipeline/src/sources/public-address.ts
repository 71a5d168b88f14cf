import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is a public unicast address that a server may fetch from on a user's
 * behalf: not loopback, private (RFC 1918, unique local), link-local (which holds cloud metadata
 * endpoints such as 169.254.169.254), carrier-grade NAT, multicast, reserved, unspecified, or a
 * documentation or benchmarking range, nor an IPv6 form that embeds an IPv4 (NAT64, 6to4,
 * Teredo). An IPv4-mapped IPv6 address is judged as its IPv4.
 * Anything that is not an IP address is `false`.
 *
 * @example
 * ```ts
 * isPublicAddress('93.184.215.14'); // true
 * isPublicAddress('169.254.169.254'); // false
 * isPublicAddress('::ffff:10.0.0.1'); // false
 * ```
 */
export function isPublicAddress(address: string): boolean {
  // `process` turns an IPv4-mapped IPv6 address into its IPv4; only public space is 'unicast'
  // (NAT64, 6to4 and Teredo, which can embed a private IPv4, have ranges of their own).
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/**
 * Whether an IP address is a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x).
 *
 * @example
 * ```ts
 * isLoopbackAddress('127.0.0.1'); // true
 * ```
 */
export function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/**
 * Whether a host (brackets removed) is an IP address literal rather than a name to resolve.
 *
 * @example
 * ```ts
 * isIpAddress('::1'); // true
 * isIpAddress('example.org'); // false
 * ```
 */
export function isIpAddress(host: string): boolean {
  return ipaddr.isValid(host);
}
