import { describe, expect, it } from 'vitest';
import { AccessList, normalizePeer, parseCidr } from '../../../src/emulator/apiKeyAccessList.js';
import { expandIPv6 } from '../../../src/base/ipv6.js';

describe('access lists', () => {
  it('parses CIDR blocks and bare addresses of both families, and rejects malformed ones', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('192.168.1.7')).toEqual({ address: '192.168.1.7', prefix: 32, family: 'ipv4' });
    expect(parseCidr('::1/128')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
    expect(parseCidr('2001:db8::')).toEqual({ address: '2001:db8::', prefix: 128, family: 'ipv6' });
    for (const bad of ['300.1.1.1/8', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'example.com', '10.0.0.0/x']) {
      expect(parseCidr(bad)).toBeUndefined();
    }
  });

  it('matches peers against IPv4 and IPv6 blocks, IPv4-mapped peers included', () => {
    const list = new AccessList(['10.0.0.0/8', '2001:db8::/32', '::1/128']);
    expect(list.allows('10.20.30.40')).toBe(true);
    expect(list.allows('::ffff:10.1.2.3')).toBe(true);
    expect(list.allows('11.0.0.1')).toBe(false);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('::1')).toBe(true);
    expect(list.allows('127.0.0.1')).toBe(false);
    expect(new AccessList([]).allows('127.0.0.1')).toBe(false);
    expect(normalizePeer('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('renders entries as the API does, IPv6 expanded to fit the AccessListItemView pattern', () => {
    expect(expandIPv6('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(expandIPv6('2001:db8::')).toBe('2001:db8:0:0:0:0:0:0');
    expect(expandIPv6('fe80::1:0:0:2')).toBe('fe80:0:0:0:1:0:0:2');
    expect(new AccessList(['127.0.0.1/32', '::1/128']).view()).toEqual([
      { cidrBlock: '127.0.0.1/32', ipAddress: '127.0.0.1' },
      { cidrBlock: '0:0:0:0:0:0:0:1/128', ipAddress: '0:0:0:0:0:0:0:1' },
    ]);
  });
});
