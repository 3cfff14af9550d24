// `npm run build:sea`: writes dist/sea/cdba, one file that runs cdba on a Linux
// x64 machine without Node installed (Node's single-executable applications).
//
//   1. esbuild bundles src/sea/main.ts into one CommonJS file (SEA runs only that);
//   2. `node --experimental-sea-config` runs it once and turns the heap it leaves
//      into a blob: a V8 start-up snapshot (`useSnapshot`, see src/sea/main.ts);
//   3. a copy of the Node binary running this script gets the blob injected by
//      postject (a devDependency). Nothing is downloaded.
//
// The result is cached: when dist/sea/cdba.stamp holds the hash of every input
// (the sources, the lock file, this script, the Node binary's version and path),
// nothing is rebuilt. Exit 0: built or current; exit 3: this machine cannot build
// it (the reason is printed); anything else: a failure.
/* global process, console */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { lazyBuiltins } from './lazyBuiltins.mjs';

const REPO = resolve(import.meta.dirname, '..');
const OUT_DIR = join(REPO, 'dist', 'sea');
const EXE = join(OUT_DIR, 'cdba');
const STAMP = `${EXE}.stamp`;
// The fuse Node's own build puts in every binary that can carry a SEA blob.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const log = (text) => console.error(`build:sea: ${text}`);

function cannotBuild(reason) {
  log(`cannot build the single executable here: ${reason}`);
  process.exit(3);
}

if (`${process.platform}-${process.arch}` !== 'linux-x64') cannotBuild(`it is built for linux-x64, this is ${process.platform}-${process.arch}`);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) cannotBuild(`Node ${process.version} is older than 22.12`);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const inputs = [...files(join(REPO, 'src')), join(REPO, 'package.json'), join(REPO, 'package-lock.json'), join(REPO, 'scripts', 'build-sea.mjs'), join(REPO, 'scripts', 'lazyBuiltins.mjs'), join(REPO, 'scripts', 'builtinExports.json')];
const hash = createHash('sha256').update(`${process.version} ${process.execPath}\n`);
for (const file of inputs) hash.update(`${relative(REPO, file)}\n`).update(readFileSync(file));
const stamp = hash.digest('hex');
if (existsSync(EXE) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp) {
  log(`${relative(REPO, EXE)} is current`);
  process.exit(0);
}

const node = readFileSync(process.execPath);
if (!node.includes(FUSE)) cannotBuild(`${process.execPath} has no single-executable fuse (a distribution build of Node?)`);

const started = Date.now();
mkdirSync(OUT_DIR, { recursive: true });
rmSync(STAMP, { force: true });
const bundle = join(OUT_DIR, 'main.cjs');
const { build } = await import('esbuild');

// The emulator is a bundle of its own, an asset of the executable that `cdba emulator`
// compiles when it starts: out of the one script the snapshot holds, whose every
// function and object each run reads in again (its 1 MB of code there cost every call
// 8% more instructions; test/bench/RESULTS.md). The errors it throws must be the CLI's
// own classes (exit codes are chosen by instanceof), so that module is the one shared
// (SHARED, handed over by the loader below); nothing else crosses.
const SHARED = { [join(REPO, 'src', 'base', 'errors.ts')]: 'cdba:base/errors' };
const emulatorBundle = join(OUT_DIR, 'emulator.cjs');
const shared = {
  name: 'shared-with-the-cli',
  setup(b) {
    b.onResolve({ filter: /errors\.js$/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'inner' });
      return SHARED[resolved.path] ? { path: SHARED[resolved.path], external: true } : undefined;
    });
  },
};
// In the CLI's bundle, the emulator's entry becomes the loader of that asset.
const EMULATOR_ENTRY = join(REPO, 'src', 'emulator', 'index.ts');
const emulatorFromAsset = {
  name: 'emulator-from-asset',
  setup(b) {
    b.onResolve({ filter: /emulator\/index\.js$/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'inner' });
      return resolved.path === EMULATOR_ENTRY ? { path: 'emulator', namespace: 'cdba-sea-asset' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'cdba-sea-asset' }, () => ({
      resolveDir: join(REPO, 'src', 'base'),
      loader: 'js',
      contents: `const { getAsset } = require('node:sea');
const { compileFunction } = require('node:vm');
const errors = require('./errors.ts');
const loaded = { exports: {} };
compileFunction(getAsset('emulator.cjs', 'utf8'), ['exports', 'require', 'module'], { filename: 'cdba-emulator.cjs' })(
  loaded.exports, (id) => (id === 'cdba:base/errors' ? errors : require(id)), loaded);
module.exports = loaded.exports;
`,
    }));
  },
};

// What both bundles are built with.
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22.12',
  legalComments: 'none',
  // Less source in the snapshot, which every run copies and reads in again.
  minify: true,
  logLevel: 'warning',
  // SEA has no dynamic import(): esbuild turns the ones left (node: built-ins) into require().
  supported: { 'dynamic-import': false },
  // jsonc-parser's UMD main requires ./impl/* at run time; its ES module parser bundles, and is all
  // cdba uses (src/core/input.ts): its ES module main would also build the formatter's 2,400
  // indentation strings at load (as in package.json and build-cjs.mjs).
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
  // Bundled modules that ask for import.meta.url get the executable's own URL.
  define: { 'import.meta.url': '__cdbaImportMetaUrl' },
  banner: { js: "const __cdbaImportMetaUrl = require('node:url').pathToFileURL(process.execPath).href;" },
};
const emulatorResult = await build({ ...common, entryPoints: [EMULATOR_ENTRY], outfile: emulatorBundle, plugins: [shared] });
if (emulatorResult.errors.length > 0) process.exit(1);
const result = await build({ ...common, entryPoints: [join(REPO, 'src', 'sea', 'main.ts')], outfile: bundle, plugins: [emulatorFromAsset, lazyBuiltins] });
if (result.errors.length > 0) process.exit(1);

const blob = join(OUT_DIR, 'sea-prep.blob');
const config = join(OUT_DIR, 'sea-config.json');
writeFileSync(config, `${JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useSnapshot: true, assets: { 'emulator.cjs': emulatorBundle } }, null, 2)}\n`);
const sea = spawnSync(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
// Node warns, three lines per module, that child_process, tty and vm are "not yet fully
// verified" in snapshots; test/e2e/sea.test.ts runs what cdba uses of them. Anything else is shown.
process.stderr.write(sea.stderr.replace(/^\(node:\d+\) Warning: It's not yet fully verified whether built-in module "[^"]+" works in user snapshot builder scripts\.\n.*\n.*\n(\(Use `node --trace-warnings[^\n]*\n)?/gm, ''));
if (sea.status !== 0) {
  log(`node --experimental-sea-config failed (${sea.status ?? sea.signal})`);
  process.exit(1);
}

// Inject into a copy, then rename: a half-written executable is never left as dist/sea/cdba.
const temp = `${EXE}.tmp-${process.pid}`;
copyFileSync(process.execPath, temp);
// The npm registry's Node binaries keep their symbol tables: 18 MB of the 127 of
// Node 24's, which nothing at run time reads (stack traces come from V8, not from
// them). strip (binutils) removes them before the blob goes in; the fuse and the
// section postject fills survive it.
const strip = spawnSync('strip', ['--strip-all', temp], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if (strip.error || strip.status !== 0) {
  rmSync(temp, { force: true });
  cannotBuild(`strip (binutils) failed: ${strip.error?.message ?? strip.stderr.trim()}`);
}
const { inject } = createRequire(import.meta.url)('postject');
try {
  await inject(temp, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE });
} catch (error) {
  rmSync(temp, { force: true });
  log(`postject failed: ${error.message}`);
  process.exit(1);
}
chmodSync(temp, 0o755);
renameSync(temp, EXE);
writeFileSync(STAMP, stamp);
log(`wrote ${relative(REPO, EXE)} (${(statSync(EXE).size / 1e6).toFixed(0)} MB: Node ${process.version}, stripped, and a ${(readFileSync(blob).length / 1e6).toFixed(1)} MB blob) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
