// The options of `cdba emulator` that resource modules declare (ModuleOption, contract.ts):
// each module's data-only options file, in the order of their flags in help. The command's
// registration (src/cli/emulator.ts) imports this list at start-up, where the modules
// themselves may not be loaded (test/unit/build/startupGraph.test.ts): so a module with
// options is one line here besides its line in ./index.ts, and the module gives the same
// declaration as its `options` (test/unit/emulator/resourceModules.test.ts holds the two
// in step). Data only, as each file it lists: it imports nothing but those files and types.
import type { ModuleOption } from '../contract.js';
import { PEERING_OPTIONS } from './peering/options.js';

export const MODULE_OPTIONS: readonly ModuleOption[] = [...PEERING_OPTIONS];
