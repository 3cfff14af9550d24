// The package's size, measured: `npm pack --dry-run` (no prepack build: it measures the
// dist/ that is there), written into the README's table between its markers. The
// README is in the package, so the table is written until the measure no longer moves.
// Run by `npm run size` after `npm run build`; test/e2e/packageContents.test.ts checks
// the README's table against a fresh measure.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
export const START = '<!-- package-size: written by `npm run size` from `npm pack --dry-run`; do not edit -->';
export const END = '<!-- /package-size -->';

/** What npm pack would write: tarball bytes, unpacked bytes, file count. */
export function measure() {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [pack] = JSON.parse(out);
  return { size: pack.size, unpackedSize: pack.unpackedSize, entryCount: pack.entryCount };
}

/** The table, as the README shows it. */
export function table({ size, unpackedSize, entryCount }) {
  return [START, '', '| tarball | unpacked | files |', '|---|---|---|', `| ${Math.round(size / 1000)} kB | ${(unpackedSize / 1e6).toFixed(1)} MB | ${entryCount} |`, '', END].join('\n');
}

/** The README with its table replaced. */
export function withTable(readme, text) {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no package-size table (${START} ... ${END})`);
  return readme.slice(0, from) + text + readme.slice(to + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (let round = 0; round < 5; round++) {
    const readme = readFileSync(README, 'utf8');
    const next = withTable(readme, table(measure()));
    if (next === readme) break;
    writeFileSync(README, next);
  }
  process.stdout.write(`${table(measure())}\n`);
}
