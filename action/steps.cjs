'use strict';
// The Action's inputs of the env steps (src/cli/envStep.ts): each registered step's
// `action` declaration, as main.cjs hands it to env up (value: --<flag> <value>; switch:
// --<flag> when the input is 'true'; lines: --<flag> once per non-empty line).
// test/e2e/action.test.ts holds this list, action.yml's inputs and the registry in step.
const STEP_INPUTS = [
  { input: 'sample-data', flag: '--sample-data', kind: 'switch' },
  { input: 'search-index', flag: '--search-index', kind: 'lines' },
  { input: 'from-snapshot', flag: '--from-snapshot', kind: 'value' },
];

/** env up's arguments for the step inputs given. */
function stepArgs(input, env) {
  const args = [];
  for (const step of STEP_INPUTS) {
    const value = input(step.input, env);
    if (step.kind === 'value' && value) args.push(step.flag, value);
    else if (step.kind === 'switch' && value === 'true') args.push(step.flag);
    else if (step.kind === 'lines') for (const line of (value ?? '').split('\n').map((l) => l.trim()).filter(Boolean)) args.push(step.flag, line);
  }
  return args;
}

module.exports = { STEP_INPUTS, stepArgs };
