'use strict';
// The Action's post step, run whatever the job did (post-if: always()), a
// cancelled job included: `cdba env down <name>` for the name the main step
// saved. Nothing saved (the main step never ran): nothing to do.
const { globalFlags, runCdba } = require('./inputs.cjs');

async function post(env = process.env) {
  const name = env.STATE_name;
  if (!name) {
    process.stdout.write('cdba: no env was started by this job\n');
    return 0;
  }
  return runCdba([...globalFlags(env), 'env', 'down', name], env);
}

post().then((status) => {
  process.exitCode = status;
});
