'use strict';
// Loads the CLI with V8's code cache (issue 14). Node 20 has no
// module.enableCompileCache, so dist/cdba.cjs, the whole CLI as one function
// expression (not a module: only this loader runs it), is compiled through
// vm.Script with `cachedData`: a run reuses the bytecode an earlier run
// produced instead of parsing and compiling again.
//
// Bytecode runs as this process, so a cache is trusted only as far as its
// directory (issue 23). V8 checks a cache only against the source's length,
// and anyone who can write the directory can recompute any checksum; so:
// - the cache dir ($XDG_CACHE_HOME/cdba or ~/.cache/cdba) is used only when it
//   is a real directory owned by this user that no one else may write, in a
//   parent no one else may write unless it is sticky (as /tmp is);
// - the file is opened without following links and without blocking (a FIFO),
//   and used only when it is a regular file of this user of sane size;
// - it starts with a SHA-256 of the exact bundle it was made from, and a CRC-32
//   of the rest (V8 does not checksum code caches in release builds, and damaged
//   bytecode aborts the process; the CRC is against damage, which is all a
//   checksum can be against, since whoever may write the directory may write
//   any checksum: 0.1 ms where a SHA-256 of the 1.6 MB took 3-4); the bundle's
//   own is its last line, written by the build (scripts/build-cjs.mjs), and
//   computed here only when it is missing;
// - the temp file has a random name and is created exclusively, no links followed.
// Anything else is ignored (one line with --debug or CDBA_DEBUG), and the run
// compiles as if there were no cache; a missing or rejected cache is rebuilt at
// exit where the directory allows.
//
// A cache holds the functions of the runs that wrote it, so there is one per
// command group (`clusters`, `profile`, ...: the first word of a command), named
// by it, and each lists the commands whose code it holds and grows at the exit of
// a run of one it does not list. One cache for all would hold only what the first
// run after a build compiled (one made by `profile list` or `--help` cost
// `clusters list` 18-21% more instructions than its own), and one grown by every
// command costs every run the reading of all of them (test/bench/RESULTS.md).
//
// Without dist/cdba.cjs (an older build) the ES module bundle is loaded as before.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { Buffer } = require('node:buffer');
const { createHash, randomBytes } = require('node:crypto');
const { createRequire } = require('node:module');
const { crc32 } = require('node:zlib');

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

/** A cache file is a few MB; more is not one of ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
// sha256(bundle source); crc32 of the rest and the length of the command list, both
// big-endian; then that list (UTF-8, a command per line, padded with empty lines to
// a multiple of 8 bytes from the file's start) and V8's data.
const HEADER = 40;
/** The tree has a few hundred commands; a list longer than this is not one of ours. */
const MAX_COMMANDS = 1000;

/** Why `dir` may not hold code this process runs, or undefined when it may. */
function unsafeDir(dir) {
  const uid = process.getuid ? process.getuid() : undefined;
  if (uid === undefined) return undefined;
  // In a parent others may write, only the sticky bit stops them swapping the directory.
  const parent = fs.statSync(path.dirname(dir));
  if ((parent.mode & 0o022) !== 0 && (parent.mode & 0o1000) === 0) return `${path.dirname(dir)} is writable by others and not sticky`;
  const own = fs.lstatSync(dir);
  if (!own.isDirectory()) return `${dir} is not a directory`;
  if (own.uid !== uid) return `${dir} is owned by another user (uid ${own.uid})`;
  if ((own.mode & 0o022) !== 0) return `${dir} is writable by others`;
  return undefined;
}

/** The file's bytes, or a reason not to use it: never follows a link, never blocks, never reads without bound. */
function readOwnFile(file) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { reason: 'not a regular file' };
    if (process.getuid && stat.uid !== process.getuid()) return { reason: `owned by another user (uid ${stat.uid})` };
    if (stat.size > MAX_CACHE_BYTES) return { reason: `${stat.size} bytes, over the ${MAX_CACHE_BYTES} cap` };
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = fs.readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { bytes: bytes.subarray(0, read) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Resolves with the bundle's exports: { main, IO, ... }. */
function loadMain(env, argv = []) {
  let stat;
  try {
    stat = fs.statSync(BUNDLE);
  } catch {
    return import('../dist/main.js');
  }
  const debug = argv.includes('--debug') || (env.CDBA_DEBUG !== undefined && env.CDBA_DEBUG !== '' && env.CDBA_DEBUG !== '0');
  const ignore = (reason) => {
    if (debug) process.stderr.write(`cdba: debug: V8 code cache not used: ${reason}\n`);
  };
  // V8 refuses a cache made under other flag values: the bundle is compiled, and
  // its cache made at exit, with V8's defaults (src/api/undiciFlags.ts sets its one
  // flag only while undici makes its parser, and puts the default back).
  // The build writes the bundle already wrapped as `(function (exports, require,
  // module, __filename, __dirname) {...})`, and in pure ASCII (--charset=ascii),
  // which latin1 reads as the same text without UTF-8 decoding. Reading it
  // straight into the one string V8 compiles, with no Buffer or wrapped copy on
  // the side, keeps 7 MB off every run's peak RSS (test/bench/RESULTS.md, figure 5).
  const source = fs.readFileSync(BUNDLE, 'latin1');
  const bundleHash = builtHash(source) ?? sha256(Buffer.from(source, 'latin1'));
  const { base, dir } = cacheDir(env);
  const build = `cdba-${process.version}-${process.arch}-${stat.size}`;
  const fileOf = (group) => path.join(dir, `${build}${group ? `-${group}` : ''}.v8cache`);
  // The file of the group argv names: that of its first word that has one (in
  // `-P prod clusters list`, "prod" has none), else of its first word (written at
  // exit), else the root's (help, nothing).
  const words = groupWords(argv);
  const file = fileOf(words.find((word) => fs.existsSync(fileOf(word))) ?? words[0]);
  let cached;
  try {
    const reason = unsafeDir(dir);
    if (reason) ignore(reason);
    else {
      const found = readOwnFile(file);
      if (found.reason) ignore(`${file}: ${found.reason}`);
      else {
        cached = verified(found.bytes, bundleHash);
        if (!cached) ignore(`${file}: made from another bundle, or damaged`);
      }
    }
  } catch (error) {
    // No directory or no file yet (ENOENT) is the ordinary first run: compile, and write one at exit.
    if (error.code !== 'ENOENT') ignore(`${error.path || file}: ${error.code === 'ELOOP' ? 'a symbolic link' : error.code || error.message}`);
  }
  const script = new vm.Script(source, {
    filename: BUNDLE,
    ...(cached ? { cachedData: cached.data } : {}),
  });
  if (cached && script.cachedDataRejected) ignore(`${file}: rejected by V8 (another V8 or other flags)`);
  const known = cached && !script.cachedDataRejected ? cached.commands : undefined;
  const module = { exports: {} };
  // Written at exit, to the file of the group the run's command is in, it holds
  // every function this run compiled (not just the top level) and every one read
  // from the cache: a grown cache keeps what it had.
  process.once('exit', () => {
    const command = typeof module.exports.ranCommand === 'function' ? module.exports.ranCommand() : undefined;
    if (typeof command !== 'string' || command.includes('\n')) return;
    const group = command.split(' ')[1];
    if (group !== undefined && !GROUP_WORD.test(group)) return;
    const target = fileOf(group);
    // A group argv did not name first (`-P clusters projects list`, a profile named
    // like a group) gets a file of its own only when it has none: never one rewritten by every run.
    if (target === file ? known?.has(command) : fs.existsSync(target)) return;
    const commands = [...new Set([...(known ?? []), command])];
    if (commands.length <= MAX_COMMANDS) writeCache(base, dir, target, script, bundleHash, commands, build);
  });
  script.runInThisContext().call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE));
  return Promise.resolve(module.exports);
}

const sha256 = (data) => createHash('sha256').update(data).digest();

/** The SHA-256 the build wrote as the bundle's last line, or undefined (a bundle not made by scripts/build-cjs.mjs). */
function builtHash(source) {
  const match = /\n\/\/# cdbaBundleSha256=([0-9a-f]{64})\n$/.exec(source.slice(-100));
  return match ? Buffer.from(match[1], 'hex') : undefined;
}

/** A word that can name a command group, and so a cache file. */
const GROUP_WORD = /^[a-z_][a-z0-9_-]{0,40}$/;

/** The first words of argv (before any `--`) that could name a command group. */
function groupWords(argv) {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).filter((word) => GROUP_WORD.test(word)).slice(0, 4);
}

/** V8's data and the commands it was made by, or undefined when it was made from another bundle or is damaged. */
function verified(file, bundleHash) {
  if (file.length <= HEADER || !file.subarray(0, 32).equals(bundleHash)) return undefined;
  if (file.readUInt32BE(32) !== crc32(file.subarray(36))) return undefined;
  const dataAt = HEADER + file.readUInt32BE(36);
  if (dataAt >= file.length) return undefined;
  const list = file.subarray(HEADER, dataAt).toString('utf8');
  const commands = new Set(list.split('\n').filter((name) => name !== ''));
  return commands.size <= MAX_COMMANDS ? { data: file.subarray(dataAt), commands } : undefined;
}

function writeCache(base, dir, file, script, bundleHash, commands, build) {
  let temp;
  try {
    // `base` must already exist: a cache never creates a home directory (HOME=/nonexistent).
    if (!fs.statSync(base).isDirectory()) return;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (unsafeDir(dir)) return;
    // V8 copies cached data that does not start on an 8-byte boundary before reading it
    // (1 MB: ~290 page faults a run, test/bench/RESULTS.md): the list is padded with empty
    // lines so that V8's data starts on one (a file is read into a Buffer of its own, aligned).
    const joined = commands.join('\n');
    const list = Buffer.from(joined + '\n'.repeat((8 - ((HEADER + Buffer.byteLength(joined)) % 8)) % 8), 'utf8');
    const rest = Buffer.concat([Buffer.alloc(4), list, script.createCachedData()]);
    rest.writeUInt32BE(list.length, 0);
    temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
    try {
      const check = Buffer.alloc(4);
      check.writeUInt32BE(crc32(rest));
      fs.writeSync(fd, Buffer.concat([bundleHash, check, rest]));
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
    temp = undefined;
    // Caches of other builds or Node versions, and temp files of killed runs, are of no further use.
    for (const name of fs.readdirSync(dir)) {
      const otherBuild = name.endsWith('.v8cache') && !name.startsWith(`${build}.`) && !name.startsWith(`${build}-`);
      if (name.startsWith('cdba-') && (otherBuild || name.endsWith('.tmp'))) {
        const other = path.join(dir, name);
        if (fs.lstatSync(other).isFile()) fs.rmSync(other, { force: true });
      }
    }
  } catch {
    // A cache dir we may not write: run without a cache, say nothing.
    if (temp) fs.rmSync(temp, { force: true });
  }
}

module.exports = { loadMain, cacheDir, BUNDLE };
