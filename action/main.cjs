'use strict';
// The Action's main step: `cdba env up <name> -o github`, which appends the
// connection to $GITHUB_ENV and the outputs uri, username and cluster to
// $GITHUB_OUTPUT, the password masked first. The env's name is saved to
// $GITHUB_STATE before anything is made, so the post step removes whatever
// this step made, even when it failed halfway or the job was cancelled.
//
// The name input is only ever a name: checked here as cdba checks a cluster name
// (one with a line break, or one that reads as an option, is refused before it is
// saved, so post has nothing to remove and never removes another env), and handed
// to cdba after `--`. $GITHUB_STATE is opened as env up opens $GITHUB_ENV.
const { appendRunnerFile, defaultName, globalFlags, input, nameProblem, refuse, runCdba, shown } = require('./inputs.cjs');
const { stepArgs } = require('./steps.cjs');

const TITLE = 'cdba env';

async function main(env = process.env) {
  const name = input('name', env) ?? defaultName(env);
  const problem = nameProblem(name);
  if (problem) return refuse(TITLE, `invalid name input "${shown(name)}": ${problem} (the env's name is its cluster's name); nothing was made`);
  if (!env.GITHUB_STATE) return refuse(TITLE, '$GITHUB_STATE is not set: this runs as a GitHub Action step');
  const unusable = appendRunnerFile(env.GITHUB_STATE, `name=${name}\n`);
  if (unusable) return refuse(TITLE, `the Action saves the env's name to $GITHUB_STATE for its post step, and ${shown(env.GITHUB_STATE)} ${unusable}; nothing was made`);
  const args = [...globalFlags(env), 'env', 'up', '-o', 'github'];
  for (const flag of ['tier', 'provider', 'region', 'db-version', 'ttl', 'ip']) {
    const value = input(flag, env);
    if (value) args.push(`--${flag}`, value);
  }
  for (const role of (input('role', env) ?? '').split('\n').map((line) => line.trim()).filter(Boolean)) args.push('--role', role);
  // The env steps' inputs (./steps.cjs).
  args.push(...stepArgs(input, env));
  if (input('share', env) === 'true') args.push('--share');
  // After --, the name is an operand whatever it looks like.
  args.push('--', name);
  return runCdba(args, env);
}

main().then((status) => {
  process.exitCode = status;
});
