// A process's peak resident set size in kilobytes, for the bench's preloads.
//
// On Linux this is VmHWM from /proc/self/status, not getrusage's ru_maxrss: a
// child's ru_maxrss starts at its parent's RSS at fork and survives exec, so a
// bench holding a 10,000-cluster seed read its own size into the CLI's figure
// (test/bench/RESULTS.md, figure 5). VmHWM belongs to the address space exec
// made, so it is the CLI's alone. Elsewhere ru_maxrss is the best there is.
import { readFileSync } from 'node:fs';

export function peakRssKiB() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: no /proc.
  }
  return process.resourceUsage().maxRSS;
}
