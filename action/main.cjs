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
//
// Every other input is one of env up's options: ./env-up-inputs.json, generated from
// env up's declaration (its own options and the env steps') by `npm run action`, says
// which flag each input is and how it is passed (value, switch or lines).
const { appendRunnerFile, defaultName, globalFlags, input, nameProblem, refuse, runCdba, shown, upArgs } = require('./inputs.cjs');
const ENV_UP_INPUTS = require('./env-up-inputs.json');

const TITLE = 'cdba env';

async function main(env = process.env) {
  const name = input('name', env) ?? defaultName(env);
  const problem = nameProblem(name);
  if (problem) return refuse(TITLE, `invalid name input "${shown(name)}": ${problem} (the env's name is its cluster's name); nothing was made`);
  if (!env.GITHUB_STATE) return refuse(TITLE, '$GITHUB_STATE is not set: this runs as a GitHub Action step');
  const unusable = appendRunnerFile(env.GITHUB_STATE, `name=${name}\n`);
  if (unusable) return refuse(TITLE, `the Action saves the env's name to $GITHUB_STATE for its post step, and ${shown(env.GITHUB_STATE)} ${unusable}; nothing was made`);
  // After --, the name is an operand whatever it looks like.
  const args = [...globalFlags(env), 'env', 'up', '-o', 'github', ...upArgs(ENV_UP_INPUTS, env), '--', name];
  return runCdba(args, env);
}

main().then((status) => {
  process.exitCode = status;
});
