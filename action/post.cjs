'use strict';
// The Action's post step, run whatever the job did (post-if: always()), a
// cancelled job included: `cdba env down <name>` for the name the main step
// saved. Nothing saved (the main step never ran, or refused its name input):
// nothing to do. The name goes after `--`, as main hands it to env up.
const { globalFlags, nameProblem, refuse, runCdba, shown } = require('./inputs.cjs');

async function post(env = process.env) {
  const name = env.STATE_name;
  if (!name) {
    process.stdout.write('cdba: no env was started by this job\n');
    return 0;
  }
  // Main saves only a name it checked; anything else was not saved by it.
  const problem = nameProblem(name);
  if (problem) return refuse('cdba env down', `the saved name "${shown(name)}" is not an env's name: ${problem}; nothing was removed`);
  return runCdba([...globalFlags(env), 'env', 'down', '--', name], env);
}

post().then((status) => {
  process.exitCode = status;
});
