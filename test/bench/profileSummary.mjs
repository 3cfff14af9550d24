// Summarises a V8 .cpuprofile (from `node --cpu-prof`) of the bundled CLI: the
// top functions by self time, and self time per original source module (esbuild
// marks each module in dist/ with a `// path` comment, which is how a dist line
// maps back to src/ or node_modules/), so a RESULTS.md gap can name its cause.
// dist/cdba.cjs, the launcher's bundle, is minified and has no such comments; for
// modules, profile the ES module build (dist/main.js, with them) running the same command:
//   node --cpu-prof -e "import('./dist/main.js').then(async (m) => { process.exitCode =
//     await m.main(process.argv.slice(1), process.env, m.IO.fromProcess(process.env)) })" clusters list
//   node test/bench/profileSummary.mjs <file.cpuprofile> [top=15]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node test/bench/profileSummary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
// timeDeltas[i] is the time before samples[i] was taken.
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = profile.endTime - profile.startTime;

/** For each bundled file: the line numbers where a module starts, and its path. */
const moduleMarks = new Map();
function sourceModule(url, line) {
  if (!url.startsWith('file:') || !url.includes('/dist/')) return undefined;
  if (!moduleMarks.has(url)) {
    const marks = [];
    readFileSync(fileURLToPath(url), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const match = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(text);
        if (match) marks.push([i, match[1]]);
      });
    moduleMarks.set(url, marks);
  }
  let found;
  for (const [at, path] of moduleMarks.get(url)) if (at <= line) found = path;
  return found;
}

const shortUrl = (url) => (url ? url.replace(/^file:\/\/.*?\/(node_modules|dist|src|test)\//, '$1/') : '(native)');
const fnKey = (n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const moduleKey = (n) => {
  const { url, lineNumber } = n.callFrame;
  const path = sourceModule(url, lineNumber);
  if (path) return path.startsWith('node_modules/') ? path.split('/').slice(0, path.startsWith('node_modules/@') ? 3 : 2).join('/') : path;
  if (url.startsWith('node:internal/modules') || n.callFrame.functionName === 'compileSourceTextModule') return 'node: module loading';
  return url ? shortUrl(url) : n.callFrame.functionName;
};

const sum = (key) => {
  const totals = new Map();
  for (const [id, us] of selfUs) {
    const k = key(byId.get(id));
    totals.set(k, (totals.get(k) ?? 0) + us);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const line = ([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${k}`;

console.log(`profile: ${(totalUs / 1000).toFixed(1)} ms, ${profile.samples.length} samples`);
console.log('\nself time by function:');
for (const entry of sum(fnKey).slice(0, top)) console.log(line(entry));
console.log('\nself time by source module (dist/ mapped back through esbuild\'s module comments):');
for (const entry of sum(moduleKey).slice(0, top)) console.log(line(entry));
