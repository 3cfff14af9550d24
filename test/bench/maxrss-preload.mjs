// Loaded into a measured CLI process with `node --import`: at exit it writes the
// process's peak resident set size (getrusage ru_maxrss, kernel-tracked, so no
// polling can miss a short spike) in kilobytes to the file named by CDBA_BENCH_MAXRSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.CDBA_BENCH_MAXRSS_FILE;
if (file) {
  process.on('exit', () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
