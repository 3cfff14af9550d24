'use strict';
// What the Action's two steps share: its inputs as GitHub passes them (INPUT_<NAME>,
// upper-cased, hyphens kept), the cdba of this same commit (bin/cdba.js and the
// committed bundle: nothing is downloaded), and how a run of it is reported.
const { spawn } = require('node:child_process');
const { Buffer } = require('node:buffer');
const { randomBytes } = require('node:crypto');
const { closeSync, constants, fstatSync, openSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const CDBA = join(__dirname, '..', 'bin', 'cdba.js');

/** An input's value, trimmed; undefined when empty or absent. */
function input(name, env = process.env) {
  const value = env[`INPUT_${name.toUpperCase()}`];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * An env's name is its cluster's: ASCII letters, digits and hyphens, not starting or
 * ending with a hyphen, at most 64 (cdba's isValidClusterName, which a test holds this
 * to). Checked here, before the name is saved or handed on, so that the input is only
 * ever a name (never an option such as --help) and post removes exactly what main made.
 */
function nameProblem(name) {
  if (name.length > 64) return 'it is longer than 64 characters';
  if (/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) && !name.endsWith('-')) return undefined;
  if (name.startsWith('-') || name.endsWith('-')) return 'it may not start or end with a hyphen';
  return 'use only ASCII letters, digits and hyphens';
}

/** The default name: the run, its attempt and six random characters, so each job of a matrix (which share the run and the attempt) has its own env. */
function defaultName(env = process.env) {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const suffix = [...randomBytes(6)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `cdba-${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}-${suffix}`;
}

/** Text as an annotation or an error line shows it: control characters escaped, capped. */
function shown(text) {
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  const escaped = String(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return escaped.length > 100 ? `${escaped.slice(0, 100)}…` : escaped;
}

/** A refusal of the step: one `cdba: ` line on stderr, and the annotation on stdout, as env up -o github reports one; answers the exit status. */
function refuse(title, message, status = 2) {
  process.stderr.write(`cdba: ${message}\n`);
  process.stdout.write(`::error title=${title}::${escapeCommand(message)}\n`);
  return status;
}

const APPEND = constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Appends to a file the runner names ($GITHUB_STATE), opened as env up opens $GITHUB_ENV:
 * for appending, never created, never through a symbolic link, without blocking (a FIFO
 * with no reader is ENXIO at once, one with a reader is refused by its type). Answers
 * undefined, or why the file cannot be used (no stack trace reaches the log).
 */
function appendRunnerFile(path, text) {
  let fd;
  try {
    fd = openSync(path, APPEND);
  } catch (error) {
    const code = error && error.code;
    if (code === 'ENOENT') return 'does not exist';
    if (code === 'ELOOP') return 'is a symbolic link';
    if (code === 'EISDIR') return 'is a directory';
    if (code === 'ENXIO') return 'is a FIFO';
    return `cannot be written (${code || 'error'})`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return stat.isDirectory() ? 'is a directory' : stat.isFIFO() ? 'is a FIFO' : 'is not a regular file';
    const data = Buffer.from(text, 'utf8');
    for (let written = 0; written < data.length; ) written += writeSync(fd, data, written);
    return undefined;
  } catch (error) {
    return `cannot be written (${(error && error.code) || 'error'})`;
  } finally {
    closeSync(fd);
  }
}

/**
 * env up's arguments for the inputs given, by a table of {input, flag, kind} (env-up-inputs.json,
 * generated from env up's options by `npm run action`): value: --<flag> <value>; switch: --<flag>
 * when the input is 'true'; lines: --<flag> once per non-empty line.
 */
function upArgs(table, env = process.env) {
  const args = [];
  for (const { input: name, flag, kind } of table) {
    const value = input(name, env);
    if (kind === 'value' && value) args.push(flag, value);
    else if (kind === 'switch' && value === 'true') args.push(flag);
    else if (kind === 'lines') for (const line of (value ?? '').split('\n').map((l) => l.trim()).filter(Boolean)) args.push(flag, line);
  }
  return args;
}

/** The global flags the inputs set, for both steps. */
function globalFlags(env = process.env) {
  const flags = [];
  const projectId = input('project-id', env);
  const baseUrl = input('base-url', env);
  if (projectId) flags.push('--project-id', projectId);
  if (baseUrl) flags.push('--base-url', baseUrl);
  return flags;
}

/**
 * Runs cdba with the step's environment and streams, and resolves to its exit
 * status (1 when it could not run). A cancelled job's SIGINT or SIGTERM is passed
 * on, so cdba stops the way it does at a terminal and this step ends after it.
 */
function runCdba(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CDBA, ...args], { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
    child.on('error', (error) => {
      process.stdout.write(`::error title=cdba::${escapeCommand(`cannot run cdba: ${error.message}`)}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM']) process.off(name, forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}

/** A workflow command's data, escaped as the runner reads it back (%, CR, LF). */
function escapeCommand(text) {
  return String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

module.exports = { CDBA, input, upArgs, globalFlags, runCdba, escapeCommand, nameProblem, defaultName, shown, refuse, appendRunnerFile };
