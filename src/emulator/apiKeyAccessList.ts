// API key and service account access lists (seed: Authentication 4): which addresses a
// credential may call the API from. Not the project IP access list (resources/accessList/).
// CIDR blocks or single addresses,
// IPv4 and IPv6, checked against the peer address of the connection.
import { BlockList, isIP } from 'node:net';
import { expandIPv6 } from '../base/ipv6.js';

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** "10.0.0.0/8", "::1/128" or a bare address (a /32 or /128); undefined when malformed. */
export function parseCidr(entry: string): Cidr | undefined {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return undefined;
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** "::ffff:127.0.0.1" (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
export function normalizePeer(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

export class AccessList {
  private readonly blocks = new BlockList();
  readonly entries: Cidr[];

  constructor(entries: string[]) {
    this.entries = entries.map((entry) => parseCidr(entry)).filter((c): c is Cidr => c !== undefined);
    for (const { address, prefix, family } of this.entries) this.blocks.addSubnet(address, prefix, family);
  }

  allows(peer: string): boolean {
    const address = normalizePeer(peer);
    const version = isIP(address);
    if (version === 0) return false;
    return this.blocks.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }

  /** The entries as SystemStatus renders them: {cidrBlock, ipAddress}. */
  view(): Array<{ cidrBlock: string; ipAddress: string }> {
    return this.entries.map(({ address, prefix, family }) => {
      const ip = family === 'ipv6' ? expandIPv6(address) : address;
      return { cidrBlock: `${ip}/${prefix}`, ipAddress: ip };
    });
  }
}

/** The bits of an address, for checking a block's host part. */
function addressBits(address: string, family: 'ipv4' | 'ipv6'): bigint {
  if (family === 'ipv4') return address.split('.').reduce((bits, octet) => (bits << 8n) | BigInt(Number(octet)), 0n);
  return expandIPv6(address).split(':').reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/**
 * An address or CIDR block as the project IP access list stores it: `a.b.c.d/n`, IPv6
 * written out in full (the only form the description's patterns accept); a bare address
 * is /32 or /128. Undefined when malformed or when bits past the prefix are set.
 */
export function canonicalCidr(text: string): string | undefined {
  const cidr = parseCidr(text);
  if (!cidr || /[^0-9a-fA-F.:/]/.test(text.trim()) || (cidr.family === 'ipv6' && cidr.address.includes('.'))) return undefined;
  const width = cidr.family === 'ipv4' ? 32 : 128;
  const hostBits = (1n << BigInt(width - cidr.prefix)) - 1n;
  if ((addressBits(cidr.address, cidr.family) & hostBits) !== 0n) return undefined;
  const address = cidr.family === 'ipv6' ? expandIPv6(cidr.address) : cidr.address;
  return `${address}/${cidr.prefix}`;
}
