import { isIPv4, isIPv6 } from 'node:net';

/**
 * An IP address as the operating system reads it, in one spelling that ipaddr.js reads the
 * same way: an IPv4 in strict dotted decimal (`net.isIPv4`: no octal, hex, short or integer
 * forms, which ipaddr.js would accept and a socket would not), an IPv6 in WHATWG URL's
 * serialization (lower-case hex groups, no dotted tail, no zone id). ipaddr.js reads a dotted
 * tail after `::` as IPv4-mapped (`::127.0.0.1` as `::ffff:127.0.0.1`), while a socket
 * connects to the IPv4-compatible `::7f00:1`; the hex spelling keeps both on the same address.
 * Anything that is not an address is `undefined`. Pure: no lookup.
 */
export function canonicalIpAddress(address: string): string | undefined {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return undefined;
  const withoutZone = address.replace(/%.*$/s, '');
  try {
    return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}
