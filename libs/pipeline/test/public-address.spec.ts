import { isPrivateNetworkAddress, isPublicAddress } from '../src/sources/public-address';

describe('isPublicAddress', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])(
    'accepts the public address %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'the cloud metadata endpoint (link-local)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'IPv6 unique local (EC2’s IPv6 metadata endpoint)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata endpoint'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata endpoint'],
    ['2002:a9fe:a9fe::', '6to4 of the metadata endpoint'],
    ['localhost', 'a name, not an address'],
    ['not an address', 'nonsense'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));

  // Every IPv6 form that can carry a non-public IPv4, and the unspecified and site-local spaces.
  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, in hex'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata endpoint'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::192.168.1.1', 'IPv4-compatible private'],
    ['::100.64.0.1', 'IPv4-compatible carrier-grade NAT'],
    ['::0.0.0.2', 'IPv4-compatible unspecified network'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1:a9fe:a9:fe00::', 'local-use NAT64 of the metadata endpoint'],
    ['64:ff9b:1:7f00:0:100::', 'local-use NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with client 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo with client 10.0.0.1'],
    ['2001:0:a9fe:a9fe:8000:63bf:3fff:fdd2', 'Teredo with server 169.254.169.254'],
    ['::', 'IPv6 unspecified'],
    ['::0.0.0.0', 'IPv6 unspecified, as an IPv4-compatible address'],
    ['0.0.0.0', 'IPv4 unspecified'],
    ['0.1.2.3', 'IPv4 “this network”'],
    ['fec0::1', 'site-local'],
    ['feff:ffff::1', 'site-local, the top of fec0::/10'],
    ['0177.0.0.1', 'an octal spelling of loopback, which a socket does not read'],
    ['2130706433', 'an integer spelling of loopback'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['::8.8.8.8', 'IPv4-compatible'],
  ])('judges %s (%s) as the public IPv4 it carries', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('isPrivateNetworkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback, anywhere in 127.0.0.0/8'],
    ['::1', 'IPv6 loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['10.0.0.8', 'RFC 1918'],
    ['172.16.4.2', 'RFC 1918'],
    ['192.168.1.20', 'RFC 1918'],
    ['fd12:3456::1', 'unique local'],
  ])('counts %s (%s) as on the machine or a private network', (address) =>
    expect(isPrivateNetworkAddress(address)).toBe(true),
  );

  it.each([
    ['169.254.169.254', 'the cloud metadata address (link-local)'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::169.254.169.254', 'IPv4-compatible metadata'],
    ['::127.0.0.1', 'an IPv4-compatible form carrying loopback'],
    ['fe80::1', 'IPv6 link-local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['93.184.215.14', 'public'],
    ['localhost', 'a name'],
  ])('does not count %s (%s)', (address) => expect(isPrivateNetworkAddress(address)).toBe(false));
});
