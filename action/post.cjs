'use strict';
// The Action's post step, run whatever the job did (post-if: always()), a
// cancelled job included: `cdba env down <name>` for the name the main step
// saved. Nothing saved (the main step never ran, or refused its name input):
// nothing to do. The name goes after `--`, as main hands it to env up. env down
// removes only what this job holds (its state file on this runner proves it).
//
// With diagnostics-path, when the job failed, `cdba env diagnose <name> --dir <path>` first:
// the env's evidence, before env down removes it. How the job went is the job-status input,
// whose default (action.yml) is `${{ job.status }}`: the runner evaluates an input's default
// for each stage it runs, so post reads the job's status at its end. A failure of the
// diagnostics is its own lines; env down runs whatever happened, and its status is post's.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { globalFlags, input, nameProblem, refuse, runCdba, shown } = require('./inputs.cjs');

/** env down's exit status for an env another run holds (src/base/errors.ts, envHeld). */
const HELD = 16;

async function post(env = process.env) {
  const name = env.STATE_name;
  if (!name) {
    process.stdout.write('cdba: no env was started by this job\n');
    return 0;
  }
  // Main saves only a name it checked; anything else was not saved by it.
  const problem = nameProblem(name);
  if (problem) return refuse('cdba env down', `the saved name "${shown(name)}" is not an env's name: ${problem}; nothing was removed`);
  const evidence = input('diagnostics-path', env);
  if (evidence && input('job-status', env) === 'failure') {
    if (existsSync(join(evidence, 'manifest.json'))) process.stdout.write(`cdba: the diagnostics are in ${shown(evidence)} already (a step of the job wrote them)\n`);
    else await runCdba([...globalFlags(env), 'env', 'diagnose', `--dir=${evidence}`, '--', name], env);
  }
  const status = await runCdba([...globalFlags(env), 'env', 'down', '--', name], env);
  // 16: another run holds the env and this runner has no record of holding it: main made
  // none of it (refused, or never got as far as its user), so there is nothing of this job's to remove.
  if (status === HELD) {
    process.stdout.write(`cdba: env ${name} is another run's; this job made none of it, so nothing was removed\n`);
    return 0;
  }
  return status;
}

post().then((status) => {
  process.exitCode = status;
});
