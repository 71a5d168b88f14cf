import ipaddr from 'ipaddr.js';
import { canonicalIpAddress } from './ip-literal';

/**
 * An IPv6 form that carries an IPv4 address, by the prefix that marks it:
 * - `ipv4-compatible`: `::a.b.c.d` (`::/96`, RFC 4291 §2.5.5.1, deprecated);
 * - `ipv4-mapped`: `::ffff:a.b.c.d` (`::ffff:0:0/96`);
 * - `ipv4-translated`: `::ffff:0:a.b.c.d` (`::ffff:0:0:0/96`, RFC 6145 / SIIT);
 * - `nat64`: `64:ff9b::a.b.c.d` (`64:ff9b::/96`, RFC 6052);
 * - `nat64-local`: `64:ff9b:1::/48` (RFC 8215), the IPv4 in bits 48–63 and 72–87 around the
 *   zero `u` octet (RFC 6052 §2.2);
 * - `6to4`: `2002:AABB:CCDD::/48` (`2002::/16`, RFC 3056);
 * - `teredo`: `2001:0:SSSS:SSSS:flags:port:CCCC:CCCC` (`2001::/32`, RFC 4380): the Teredo
 *   server's IPv4 in bits 32–63 and the client's in the last 32 bits, each bit inverted.
 */
export type EmbeddingForm =
  | 'ipv4-compatible'
  | 'ipv4-mapped'
  | 'ipv4-translated'
  | 'nat64'
  | 'nat64-local'
  | '6to4'
  | 'teredo';

/** What an IPv6 address carries: its form and every IPv4 inside it (Teredo carries two). */
export interface EmbeddedIPv4 {
  form: EmbeddingForm;
  addresses: string[];
}

/** One 16-bit group of the address, by index (0–7). */
type Group = (index: number) => number;

interface Embedding {
  form: EmbeddingForm;
  /** The 16-bit groups that must match, from the first. */
  prefix: readonly number[];
  /** The IPv4 addresses inside, as four octets each. */
  decode: (group: Group) => number[][];
}

/** The IPv4 held in two 16-bit groups (the last two, unless said). */
function inGroups(first: number, second: number): number[] {
  return [first >> 8, first & 0xff, second >> 8, second & 0xff];
}

const lastTwoGroups = (group: Group) => [inGroups(group(6), group(7))];

// The prefixes do not overlap (each pins a group the others differ in), so order is free.
const EMBEDDINGS: readonly Embedding[] = [
  { form: 'ipv4-compatible', prefix: [0, 0, 0, 0, 0, 0], decode: lastTwoGroups },
  { form: 'ipv4-mapped', prefix: [0, 0, 0, 0, 0, 0xffff], decode: lastTwoGroups },
  { form: 'ipv4-translated', prefix: [0, 0, 0, 0, 0xffff, 0], decode: lastTwoGroups },
  { form: 'nat64', prefix: [0x64, 0xff9b, 0, 0, 0, 0], decode: lastTwoGroups },
  {
    form: 'nat64-local',
    prefix: [0x64, 0xff9b, 0x1],
    // Bits 48–63, then the `u` octet (bits 64–71), then bits 72–87.
    decode: (group) => [[group(3) >> 8, group(3) & 0xff, group(4) & 0xff, group(5) >> 8]],
  },
  { form: '6to4', prefix: [0x2002], decode: (group) => [inGroups(group(1), group(2))] },
  {
    form: 'teredo',
    prefix: [0x2001, 0],
    decode: (group) => [
      inGroups(group(2), group(3)),
      inGroups(~group(6) & 0xffff, ~group(7) & 0xffff),
    ],
  },
];

/**
 * The IPv4 addresses an IPv6 address carries, decoded by its form (see {@link EmbeddingForm}),
 * whatever ipaddr.js calls its range (the address is read as a socket reads it:
 * {@link canonicalIpAddress}); `undefined` for an IPv6 address of no such form, and for
 * anything that is not an IPv6 address (an IPv4 address carries nothing). Pure: no lookup.
 */
export function embeddedIPv4(address: string): EmbeddedIPv4 | undefined {
  const canonical = canonicalIpAddress(address);
  if (canonical === undefined || !ipaddr.IPv6.isValid(canonical)) return undefined;
  const { parts } = ipaddr.IPv6.parse(canonical);
  const embedding = EMBEDDINGS.find(({ prefix }) =>
    prefix.every((group, index) => parts[index] === group),
  );
  if (!embedding) return undefined;
  return {
    form: embedding.form,
    addresses: embedding.decode((index) => parts[index] ?? 0).map((octets) => octets.join('.')),
  };
}
