// IPv6 written out in full, the one form the API's address patterns take: shared by the
// CLI (what it sends) and the emulator (what it stores and matches).

/** "::1" -> "0:0:0:0:0:0:0:1": eight lower-case groups, each without its leading zeros (`address` is an IPv6 address without an IPv4 tail or zone). */
export function expandIPv6(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, '')).join(':');
}
