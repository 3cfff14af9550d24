// env up (and run) --from-snapshot: the env's cluster starts with the data of a snapshot
// (./fromSnapshot.ts, loaded when the flag is given). Registered in src/cli/program.ts.
import { Option } from '@commander-js/extra-typings';
import type { EnvStep } from '../envStep.js';

export const FROM_SNAPSHOT_STEP: EnvStep = {
  name: 'from-snapshot',
  options: () => [new Option('--from-snapshot <cluster[@id|@latest]>', 'start with the data of a snapshot of that cluster (default @latest: its newest completed one)')],
  details: {
    '--from-snapshot': "The source is only read. The env's cluster is made at a tier and version that can receive it (M10 for a dedicated cluster's), the snapshot restored into it and waited for",
  },
  action: [{ input: 'from-snapshot', flag: '--from-snapshot', kind: 'value' }],
  given: (flags) => flags.fromSnapshot !== undefined,
  // A --db-version asks for a dedicated cluster (./fromSnapshot.ts fits the tier to the snapshot).
  defaultTier: (flags) => (flags.fromSnapshot !== undefined && flags.dbVersion !== undefined ? 'M10' : undefined),
  idle: 'data',
  load: async () => (await import('./fromSnapshot.js')).work,
};
