'use strict';
// What the Action's two steps share: its inputs as GitHub passes them (INPUT_<NAME>,
// upper-cased, hyphens kept), the cdba of this same commit (bin/cdba.js and the
// committed bundle: nothing is downloaded), and how a run of it is reported.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const CDBA = join(__dirname, '..', 'bin', 'cdba.js');

/** An input's value, trimmed; undefined when empty or absent. */
function input(name, env = process.env) {
  const value = env[`INPUT_${name.toUpperCase()}`];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
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

module.exports = { CDBA, input, globalFlags, runCdba, escapeCommand };
