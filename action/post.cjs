'use strict';
// The Action's post step, run whatever the job did (post-if: always()), a
// cancelled job included: `cdba env down <name>` for the name the main step
// saved. Nothing saved (the main step never ran, or refused its name input):
// nothing to do. The name goes after `--`, as main hands it to env up. env down
// removes only what this job holds (its state file on this runner proves it).
const { globalFlags, nameProblem, refuse, runCdba, shown } = require('./inputs.cjs');

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
