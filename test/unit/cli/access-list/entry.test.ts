// The access-list entry parser: every IPv4/IPv6 address and canonical block parses to
// itself, anything else is a usage error (exit 2) before any request.
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { entryValue, parseAccessEntry } from '../../../../src/cli/access-list/entry.js';

const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((octets) => octets.join('.'));
const v4Int = fc.nat(0xffffffff);
const intToV4 = (n: number): string => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');

describe('parseAccessEntry (properties)', () => {
  it('any dotted-quad address parses to itself', () => {
    fc.assert(fc.property(v4, (address) => {
      expect(parseAccessEntry(address)).toEqual({ kind: 'address', address, family: 4 });
    }));
  });

  it('a block with no bits past its prefix parses to itself; one with such bits is refused, naming the block', () => {
    fc.assert(fc.property(v4Int, fc.integer({ min: 0, max: 32 }), (n, prefix) => {
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      const network = intToV4((n & mask) >>> 0);
      expect(entryValue(parseAccessEntry(`${network}/${prefix}`))).toBe(`${network}/${prefix}`);
      if (((n & ~mask) >>> 0) !== 0) {
        expect(() => parseAccessEntry(`${intToV4(n)}/${prefix}`)).toThrow(new RegExp(`the block is ${network.replaceAll('.', '\\.')}/${prefix}$`));
      }
    }));
  });

  it('any IPv6 address node accepts parses, lower-cased, and /0 to /128 blocks of :: too', () => {
    fc.assert(fc.property(fc.ipV6(), (address) => {
      fc.pre(!address.includes('.')); // embedded IPv4 forms are refused on purpose
      const parsed = parseAccessEntry(address.toUpperCase());
      expect(parsed).toEqual({ kind: 'address', address: address.toLowerCase(), family: 6 });
    }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 128 }), (prefix) => {
      expect(entryValue(parseAccessEntry(`::/${prefix}`))).toBe(`::/${prefix}`);
    }));
  });

  it('any text is an entry node agrees is an address, a block or a security group, or a UsageError', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-f.:/sg-]{0,24}$/)), (text) => {
      try {
        const entry = parseAccessEntry(text);
        if (entry.kind === 'securityGroup') expect(entry.id).toMatch(/^sg-[0-9a-f]{8}([0-9a-f]{9})?$/);
        else expect(isIP((entry.kind === 'address' ? entry.address : entry.block).split('/')[0]!)).toBe(entry.family);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        expect((error as Error).message).toMatch(/^invalid entry /);
      }
    }));
  });
});

describe('parseAccessEntry (cases)', () => {
  it('refuses what does not parse, with what was expected', () => {
    const refused: Array<[string, RegExp]> = [
      ['300.1.1.1', /expected an IP address/],
      ['10.0.0.01', /expected an IP address/],
      ['10.0.0', /expected an IP address/],
      ['10.0.0.0/33', /prefix length must be a whole number from 0 to 32/],
      ['10.0.0.0/08', /prefix length/],
      ['10.0.0.0/', /prefix length/],
      ['2001:db8::/129', /from 0 to 128/],
      ['fe80::1%eth0', /expected an IP address/],
      ['::ffff:10.0.0.1', /expected an IP address/],
      ['sg-12', /8 or 17 hexadecimal digits/],
      ['example.com', /expected an IP address/],
      ['', /expected an IP address/],
    ];
    for (const [text, message] of refused) expect(() => parseAccessEntry(text), text).toThrow(message);
  });

  it('takes security groups of both lengths, and names the path value of each kind', () => {
    expect(entryValue(parseAccessEntry('sg-903004f8'))).toBe('sg-903004f8');
    expect(entryValue(parseAccessEntry('sg-0123456789abcdef0'))).toBe('sg-0123456789abcdef0');
    expect(entryValue(parseAccessEntry(' 192.0.2.0/24 '))).toBe('192.0.2.0/24');
  });
});
