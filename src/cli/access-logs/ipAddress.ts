// `access-logs list --ip`: the address as the service takes it (pure). The description's
// pattern for ipAddress admits an IPv4 address in dotted decimal (no leading zeros) or an
// IPv6 address written out in full: eight groups of one to four lower-case hex digits,
// with no `::`, no IPv4 tail and no zone. Any other way of writing an IPv6 address (::1,
// 2001:DB8::7, ::ffff:192.0.2.1) names the same address, so it is sent in that full form,
// each group without its leading zeros (0:0:0:0:0:0:0:1), as the service writes addresses
// (the access list's `ipAddress` and `cidrBlock`). A zone (fe80::1%eth0) is no part of an
// address the service records, and is refused with everything that is not one address.
import { isIP } from 'node:net';
import { expandIPv6 } from '../../base/ipv6.js';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** `text` as the service's ipAddress pattern takes it, or undefined when it is not one IPv4 or IPv6 address. */
export function serviceIpAddress(text: string): string | undefined {
  const value = text.trim();
  if (IPV4.test(value)) return value;
  if (isIP(value) !== 6 || value.includes('%')) return undefined;
  let body = value.toLowerCase();
  // An IPv4 tail (::ffff:192.0.2.1) is the last two groups.
  const tail4 = /^(.*:)(\d+\.[\d.]*)$/.exec(body);
  if (tail4) {
    if (!IPV4.test(tail4[2]!)) return undefined;
    const [a, b, c, d] = tail4[2]!.split('.').map(Number) as [number, number, number, number];
    body = `${tail4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const full = expandIPv6(body);
  return /^[0-9a-f]{1,4}(:[0-9a-f]{1,4}){7}$/.test(full) ? full : undefined;
}
