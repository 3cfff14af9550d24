// What `access-list add|status|delete` take: one IP address, one CIDR block or one
// AWS security group. Parsed before any request; whatever does not parse is a usage
// error (exit 2) that says what was expected.
import { isIP } from 'node:net';
import type { ApiClient } from '../../api/client.js';
import { InvalidResponseError } from '../../api/errors.js';
import { ApiError, CdbaError, ExitCode, UsageError } from '../../base/errors.js';
import { expandIPv6 } from '../../base/ipv6.js';
import { capText } from '../../base/sanitize.js';

export type AccessEntry =
  | { kind: 'address'; address: string; family: 4 | 6 }
  | { kind: 'cidr'; block: string; family: 4 | 6 }
  | { kind: 'securityGroup'; id: string };

/** The service said FAILED: the entry did not apply (exit 1: it answered, so not a usage error). */
export class EntryFailedError extends CdbaError {
  readonly exitCode = ExitCode.general;
}

/** AWS security group ids: sg- and 8 or 17 hexadecimal digits. */
const SECURITY_GROUP = /^sg-(?:[0-9a-f]{8}|[0-9a-f]{17})$/;

/** The address's bits, for the host-part check of a block. */
function bits(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
  return expandIPv6(address).split(':').reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function fromBits(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(':');
}

/** The address, CIDR block or security group in `text`; `what` names it in the error ("entry", "--current-ip answer"). */
export function parseAccessEntry(text: string, what = 'entry'): AccessEntry {
  const value = text.trim();
  const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  if (value.startsWith('sg-')) {
    if (SECURITY_GROUP.test(value)) return { kind: 'securityGroup', id: value };
    throw new UsageError(`invalid ${what} ${shown}: an AWS security group id is sg- and 8 or 17 hexadecimal digits`);
  }
  const slash = value.indexOf('/');
  const address = (slash === -1 ? value : value.slice(0, slash)).toLowerCase();
  // IPv4 only as a.b.c.d (no leading zeros), IPv6 without a zone or an embedded IPv4 part.
  const family = isIP(address);
  if (family === 0 || address.includes('%') || (family === 6 && address.includes('.'))) {
    throw new UsageError(`invalid ${what} ${shown}: expected an IP address (203.0.113.5), a CIDR block (203.0.113.0/24) or an AWS security group (sg-...)`);
  }
  const fam = family as 4 | 6;
  if (slash === -1) return { kind: 'address', address, family: fam };
  const prefixText = value.slice(slash + 1);
  const width = fam === 4 ? 32 : 128;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText) || Number(prefixText) > width) {
    throw new UsageError(`invalid ${what} ${shown}: the prefix length must be a whole number from 0 to ${width}`);
  }
  const prefix = Number(prefixText);
  const host = (1n << BigInt(width - prefix)) - 1n;
  const network = bits(address, fam) & ~host & ((1n << BigInt(width)) - 1n);
  if ((bits(address, fam) & host) !== 0n) {
    throw new UsageError(`invalid ${what} ${shown}: bits past /${prefix} are set; the block is ${fromBits(network, fam)}/${prefix}`);
  }
  return { kind: 'cidr', block: `${address}/${prefix}`, family: fam };
}

/**
 * The address the service reports this machine calls from (GET /api/private/ipinfo),
 * for `access-list add --current-ip` and `env up --ip current`. An answer, not input:
 * exactly one IPv4 or IPv6 address, as written, or a damaged answer (exit 7, shown
 * escaped). Never a block (0.0.0.0/0 would let every address in), a group, or a
 * value with anything around it.
 */
export async function currentAddress(client: ApiClient): Promise<AccessEntry & { kind: 'address' }> {
  const { currentIpAddress } = await import('../../api/resources/accessList.js');
  return reportedAddress((await currentIpAddress(client)).body?.currentIpv4Address);
}

export function reportedAddress(value: unknown): AccessEntry & { kind: 'address' } {
  if (typeof value === 'string' && value === value.trim()) {
    try {
      const entry = parseAccessEntry(value);
      if (entry.kind === 'address') return entry;
    } catch {
      // Not an address: refused below.
    }
  }
  const shown = typeof value === 'string' ? `"${capText(value, 60)}"` : value === undefined ? 'none' : `a ${value === null ? 'null' : typeof value}`;
  throw new InvalidResponseError(`GET /api/private/ipinfo did not answer an IP address (currentIpv4Address: ${shown})`);
}

/** The entry as the access-list paths name it: the address, the block (its `/` is sent as %2F) or the group. */
export function entryValue(entry: AccessEntry): string {
  return entry.kind === 'address' ? entry.address : entry.kind === 'cidr' ? entry.block : entry.id;
}

/** Runs an access-list request; an entry the service does not have gets a hint to list them. */
export async function withEntryHint<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND' && error.hint === undefined) {
      error.hint = 'see cdba access-list list';
    }
    throw error;
  }
}
