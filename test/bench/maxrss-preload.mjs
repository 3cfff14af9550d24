// Loaded into a measured CLI process with `node --import`: at exit it writes the
// process's peak resident set size in kilobytes to the file named by
// CDBA_BENCH_MAXRSS_FILE. Kernel-tracked, so no polling can miss a short spike
// (peakRss.mjs says which figure, and why).
import { writeFileSync } from 'node:fs';
import { peakRssKiB } from './peakRss.mjs';

const file = process.env.CDBA_BENCH_MAXRSS_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(peakRssKiB()));
  });
}
