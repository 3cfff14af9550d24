// Loaded into a measured CLI process with `node --import`: at exit it writes, as
// JSON to the file named by CDBA_BENCH_RUNSTATS_FILE, the process's CPU time
// (user + sys, every thread), the time its main thread spent runnable but waiting
// for a core (/proc/thread-self/schedstat, Linux), and its peak RSS (VmHWM). On a
// loaded machine wall time minus that wait is the nearest thing to a quiet
// machine's wall time (compareBuilds.mjs; RESULTS.md, figure 4).
import { readFileSync, writeFileSync } from 'node:fs';
import { peakRssKiB } from './peakRss.mjs';

const file = process.env.CDBA_BENCH_RUNSTATS_FILE;
if (file) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, queuedMs: queuedMs(), peakRssKiB: peakRssKiB() }));
  });
}

function queuedMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0; // not Linux: no correction
  }
}
