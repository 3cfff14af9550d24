'use strict';
// The Action's main step: `cdba env up <name> -o github`, which appends the
// connection to $GITHUB_ENV and the outputs uri, username and cluster to
// $GITHUB_OUTPUT, the password masked first. The env's name is saved to
// $GITHUB_STATE before anything is made, so the post step removes whatever
// this step made, even when it failed halfway or the job was cancelled.
const { appendFileSync } = require('node:fs');
const { globalFlags, input, runCdba, escapeCommand } = require('./inputs.cjs');

async function main(env = process.env) {
  const name = input('name', env) ?? `cdba-${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}`;
  if (!env.GITHUB_STATE) {
    process.stdout.write(`::error title=cdba env::${escapeCommand('$GITHUB_STATE is not set: this runs as a GitHub Action step')}\n`);
    return 2;
  }
  // A name cannot hold a line break (env up refuses it), but the state file must never take a second line.
  appendFileSync(env.GITHUB_STATE, `name=${name.replace(/[\r\n]/g, '')}\n`);
  const args = [...globalFlags(env), 'env', 'up', name, '-o', 'github'];
  for (const flag of ['tier', 'ttl', 'ip', 'from-snapshot']) {
    const value = input(flag, env);
    if (value) args.push(`--${flag}`, value);
  }
  if (input('sample-data', env) === 'true') args.push('--sample-data');
  for (const file of (input('search-index', env) ?? '').split('\n').map((line) => line.trim()).filter(Boolean)) args.push('--search-index', file);
  return runCdba(args, env);
}

main().then((status) => {
  process.exitCode = status;
});
