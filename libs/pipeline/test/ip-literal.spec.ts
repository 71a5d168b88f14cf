import { canonicalIpAddress } from '../src/sources/ip-literal';

describe('canonicalIpAddress', () => {
  it.each([
    ['93.184.215.14', '93.184.215.14'],
    ['::127.0.0.1', '::7f00:1'],
    ['::ffff:10.0.0.1', '::ffff:a00:1'],
    ['64:FF9B::10.0.0.1', '64:ff9b::a00:1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
  ])('spells %s as %s', (address, canonical) =>
    expect(canonicalIpAddress(address)).toBe(canonical),
  );

  it.each([
    '0177.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '::0x7f.0.0.1',
    ' 1.2.3.4',
    '[::1]',
    'localhost',
    '',
  ])('refuses %j, which a socket would not read as an address', (address) =>
    expect(canonicalIpAddress(address)).toBeUndefined(),
  );
});
