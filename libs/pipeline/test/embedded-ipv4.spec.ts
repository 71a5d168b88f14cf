import { embeddedIPv4 } from '../src/sources/embedded-ipv4';

describe('embeddedIPv4', () => {
  it.each([
    ['::127.0.0.1', 'ipv4-compatible', ['127.0.0.1']],
    ['::a9fe:a9fe', 'ipv4-compatible', ['169.254.169.254']],
    ['0:0:0:0:0:0:10.0.0.1', 'ipv4-compatible', ['10.0.0.1']],
    ['::', 'ipv4-compatible', ['0.0.0.0']],
    ['::ffff:10.0.0.1', 'ipv4-mapped', ['10.0.0.1']],
    ['::ffff:0:7f00:1', 'ipv4-translated', ['127.0.0.1']],
    ['64:ff9b::c0a8:101', 'nat64', ['192.168.1.1']],
    ['64:ff9b:1:a9fe:a9:fe00::', 'nat64-local', ['169.254.169.254']],
    ['2002:a9fe:a9fe::1', '6to4', ['169.254.169.254']],
    // RFC 4380 §4's example: server 65.54.227.120, client 192.0.2.45 behind port 40000.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo', ['65.54.227.120', '192.0.2.45']],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo', ['65.54.227.120', '10.0.0.1']],
  ])('reads %s as %s carrying %j', (address, form, addresses) =>
    expect(embeddedIPv4(address)).toEqual({ form, addresses }),
  );

  it.each(['2606:4700:4700::1111', 'fe80::1', '93.184.215.14', 'example.org', ''])(
    'finds no IPv4 in %j',
    (address) => expect(embeddedIPv4(address)).toBeUndefined(),
  );
});
