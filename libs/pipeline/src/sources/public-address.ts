import ipaddr from 'ipaddr.js';
import { embeddedIPv4 } from './embedded-ipv4';
import { canonicalIpAddress } from './ip-literal';

/**
 * Whether an IP address is a public unicast address that a server may fetch from on a user's
 * behalf: not loopback, private (RFC 1918, unique local), link-local (which holds cloud metadata
 * endpoints such as 169.254.169.254), carrier-grade NAT, multicast, reserved, unspecified
 * (`0.0.0.0`, `::`), site-local (`fec0::/10`), or a documentation or benchmarking range. An IPv6
 * address that carries an IPv4 ({@link embeddedIPv4}) is public only when every IPv4 it carries
 * is: an IPv4-mapped address is judged as its IPv4, and so is an IPv4-compatible one
 * (`::127.0.0.1`, which ipaddr.js calls unicast); the transition forms ipaddr.js names (NAT64
 * `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4, Teredo, IPv4-translated) are refused whatever they
 * carry. The address is read as a socket reads it ({@link canonicalIpAddress}); anything that is
 * not an IP address to a socket (a name, `127.1`, `0177.0.0.1`) is `false`. Pure: no lookup.
 */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalIpAddress(address);
  if (canonical === undefined) return false;
  // `process` turns an IPv4-mapped IPv6 address into its IPv4; only public space is 'unicast'.
  if (ipaddr.process(canonical).range() !== 'unicast') return false;
  // Whatever ipaddr.js says of the IPv6 form, the IPv4 inside it is judged by the IPv4 rules.
  const embedded = embeddedIPv4(canonical);
  return (embedded?.addresses ?? []).every(
    (inner) => ipaddr.IPv4.parse(inner).range() === 'unicast',
  );
}

/** The ranges an origin an operator allowed may resolve to besides public space. */
const PRIVATE_NETWORK_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * Whether an IP address is on the machine or a private network: loopback (127.0.0.0/8, `::1`),
 * RFC 1918 private space or an IPv6 unique local address (`fc00::/7`), an IPv4-mapped form judged
 * as its IPv4. Link-local space (cloud metadata, 169.254.169.254), unspecified, reserved and the
 * IPv6 forms carrying an IPv4 in other ways are not. Pure: no lookup.
 */
export function isPrivateNetworkAddress(address: string): boolean {
  const canonical = canonicalIpAddress(address);
  return canonical !== undefined && PRIVATE_NETWORK_RANGES.has(ipaddr.process(canonical).range());
}

/**
 * Whether a host (brackets removed) is an IP address literal rather than a name to resolve, as a
 * socket reads one ({@link canonicalIpAddress}).
 */
export function isIpAddress(host: string): boolean {
  return canonicalIpAddress(host) !== undefined;
}
