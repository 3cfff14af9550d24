// Milliseconds on a monotonic clock, for durations. Not the global
// `performance`, whose first use loads eleven of Node's perf_hooks modules
// (0.5 ms of a call that only times a deadline).
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
