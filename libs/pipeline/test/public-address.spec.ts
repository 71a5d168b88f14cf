import { isLoopbackAddress, isPublicAddress } from '../src/sources/public-address';

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
});

describe('isLoopbackAddress', () => {
  it('knows loopback in both families and nothing else', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '93.184.215.14', 'localhost'].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
