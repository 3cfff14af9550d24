'use strict';
// Loads the CLI with V8's code cache (issue 14). Node 20 has no
// module.enableCompileCache, so dist/cdba.cjs, the whole CLI as one function
// expression (not a module: only this loader runs it), is compiled through
// vm.Script with `cachedData`: a run reuses the bytecode an earlier run
// produced instead of parsing and compiling again.
//
// Safe by construction: the cache file is named after the Node version, the
// architecture and the bundle's size and mtime, and V8 itself rejects data made
// by another V8, other flags or another source (cachedDataRejected); a rejected
// or missing cache is simply rebuilt at exit. V8 does not checksum code caches in
// release builds, and damaged bytecode aborts the process, so the file starts
// with a SHA-1 of the data and anything that does not match is not used. It is
// written only into the user's cache dir ($XDG_CACHE_HOME/cdba or ~/.cache/cdba),
// atomically, and silently not at all where that fails.
// Without dist/cdba.cjs (an older build) the ES module bundle is loaded as before.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const { Buffer } = require('node:buffer');
const { createHash } = require('node:crypto');
const { createRequire } = require('node:module');

const ROOT = path.dirname(require.resolve('../package.json'));
const BUNDLE = path.join(ROOT, 'dist', 'cdba.cjs');

// Compiled code belongs to the machine and the build, not to a configuration:
// XDG's cache directory, whichever config directory a run uses, so runs with
// separate CDBA_CONFIG_DIRs (CI jobs, tests) share one cache. `base` must
// already exist: a cache never creates a home directory (HOME=/nonexistent).
function cacheDir(env) {
  if (env.XDG_CACHE_HOME) return { base: env.XDG_CACHE_HOME, dir: path.join(env.XDG_CACHE_HOME, 'cdba') };
  const home = env.HOME || os.homedir();
  return { base: home, dir: path.join(home, '.cache', 'cdba') };
}

/** Resolves with the bundle's exports: { main, IO, ... }. */
function loadMain(env) {
  let stat;
  try {
    stat = fs.statSync(BUNDLE);
  } catch {
    return import('../dist/main.js');
  }
  // The flag src/api/undici.ts sets, set before compiling: V8 refuses a cache
  // made under other flag values, and undici's later setting of the same value
  // then changes nothing.
  v8.setFlagsFromString('--wasm-tiering-budget=2000000000');
  const { base, dir } = cacheDir(env);
  const file = path.join(dir, `cdba-${process.version}-${process.arch}-${stat.size}-${Math.trunc(stat.mtimeMs)}.v8cache`);
  let cachedData;
  try {
    cachedData = verified(fs.readFileSync(file));
  } catch {
    // No cache yet: compile, and write one at exit.
  }
  // The build writes the bundle already wrapped as `(function (exports, require,
  // module, __filename, __dirname) {...})`, and in pure ASCII (--charset=ascii),
  // which latin1 reads as the same text without UTF-8 decoding. Reading it
  // straight into the one string V8 compiles, with no Buffer or wrapped copy on
  // the side, keeps 7 MB off every run's peak RSS (test/bench/RESULTS.md, figure 5).
  const source = fs.readFileSync(BUNDLE, 'latin1');
  const script = new vm.Script(source, {
    filename: BUNDLE,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData || script.cachedDataRejected) {
    // At exit the cache holds every function this run compiled, not just the top level.
    process.once('exit', () => writeCache(base, dir, file, script));
  }
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE));
  return Promise.resolve(module.exports);
}

const sha1 = (data) => createHash('sha1').update(data).digest();

/** The cached data after its checksum, or undefined when the file is damaged. */
function verified(file) {
  const data = file.subarray(20);
  return file.length > 20 && sha1(data).equals(file.subarray(0, 20)) ? data : undefined;
}

function writeCache(base, dir, file, script) {
  try {
    if (!fs.statSync(base).isDirectory()) return;
    const data = script.createCachedData();
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, Buffer.concat([sha1(data), data]), { mode: 0o600 });
    fs.renameSync(temp, file);
    // Caches of other builds or Node versions are of no further use.
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('cdba-') && name.endsWith('.v8cache') && name !== path.basename(file)) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // A cache dir we may not write: run without a cache, say nothing.
  }
}

module.exports = { loadMain, cacheDir, BUNDLE };
