// `access-logs list --ip` (src/cli/access-logs/ipAddress.ts): every IPv4 or IPv6 address,
// in whatever form, becomes the same address in the one form the service's ipAddress
// pattern admits (read here from the description itself); anything else is undefined.
import { readFileSync } from 'node:fs';
import { BlockList } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceIpAddress } from '../../../../src/cli/access-logs/ipAddress.js';

const description = JSON.parse(readFileSync(new URL('../../../fixtures/reference/openapi/admin-api-v2-2026-08-diagnostics-subset.json', import.meta.url), 'utf8')) as {
  paths: Record<string, { get: { parameters: Array<{ name?: string; schema?: { pattern?: string } }> } }>;
};
const pattern = description.paths['/api/atlas/v2/groups/{groupId}/dbAccessHistory/clusters/{clusterName}']!.get.parameters.find((p) => p.name === 'ipAddress')!.schema!.pattern!;
// The service's pattern, and the same held to the whole text (its first branch alone would take a prefix).
const SERVICE = new RegExp(pattern);
const WHOLE = new RegExp(`^(?:${pattern})$`);

/** Whether two texts name the same address. */
function same(a: string, b: string, family: 'ipv4' | 'ipv6'): boolean {
  const list = new BlockList();
  list.addAddress(a, family);
  return list.check(b, family);
}

describe('serviceIpAddress', () => {
  it('examples', () => {
    expect(serviceIpAddress('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(serviceIpAddress('2001:DB8::7')).toBe('2001:db8:0:0:0:0:0:7');
    expect(serviceIpAddress('::ffff:192.0.2.1')).toBe('0:0:0:0:0:ffff:c000:201');
    expect(serviceIpAddress('::')).toBe('0:0:0:0:0:0:0:0');
    expect(serviceIpAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    for (const bad of ['', '::1%eth0', 'fe80::1%25eth0', '203.0.113.007', '1.2.3', '1.2.3.4.5', '1.2.3.4/32', '::1/128', 'localhost', '1::2::3', '::ffff:1.2.3.256', '12345::1']) {
      expect(serviceIpAddress(bad), bad).toBeUndefined();
    }
  });

  it('an IPv4 address stays as written, and the service takes it', () => {
    fc.assert(fc.property(fc.ipV4(), (ip) => {
      expect(serviceIpAddress(ip)).toBe(ip);
      expect(ip).toMatch(WHOLE);
    }));
  });

  it('an IPv6 address in any form becomes the same address, written out in full, which the service takes', () => {
    fc.assert(fc.property(fc.ipV6(), fc.boolean(), (ip, upper) => {
      const given = upper ? ip.toUpperCase() : ip;
      const sent = serviceIpAddress(given);
      expect(sent, given).toBeDefined();
      expect(sent).toMatch(WHOLE);
      expect(sent).toMatch(/^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/);
      expect(sent!.split(':').every((g) => g === '0' || !g.startsWith('0'))).toBe(true);
      expect(same(ip, sent!, 'ipv6')).toBe(true);
      expect(serviceIpAddress(sent!)).toBe(sent);
    }));
  });

  it('whatever it gives, the service takes; whatever the service takes whole, it takes too', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-fA-F:.%]{0,45}$/)), (text) => {
      const sent = serviceIpAddress(text);
      if (sent !== undefined) expect(sent).toMatch(SERVICE);
      if (WHOLE.test(text)) expect(sent).toBeDefined();
    }));
  });
});
