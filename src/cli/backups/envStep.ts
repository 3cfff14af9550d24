// env up (and run) --from-snapshot: the env's cluster starts with the data of a snapshot
// (./fromSnapshot.ts, loaded when the flag is given). Registered in src/cli/program.ts.
// Its option is declared once (EnvOption): env up's and run's flag, its man page line and
// the GitHub Action's input all come from it.
import type { EnvOption, EnvStep } from '../envStep.js';

const FROM_SNAPSHOT_OPTIONS = [
  {
    flag: '--from-snapshot',
    value: '<cluster[@id|@latest]>',
    description: 'start with the data of a snapshot of that cluster (default @latest: its newest completed one)',
    details: "The source is only read. The env's cluster is made at a tier and version that can receive it (M10 for a dedicated cluster's), the snapshot restored into it and waited for",
    action: { input: 'from-snapshot', description: "A cluster's snapshot to start from: <cluster>, <cluster>@<snapshot id> or <cluster>@latest (env up --from-snapshot)." },
  },
] as const satisfies readonly EnvOption[];

export const FROM_SNAPSHOT_STEP: EnvStep<typeof FROM_SNAPSHOT_OPTIONS> = {
  name: 'from-snapshot',
  options: FROM_SNAPSHOT_OPTIONS,
  given: (flags) => flags.fromSnapshot !== undefined,
  // A --db-version asks for a dedicated cluster (./fromSnapshot.ts fits the tier to the snapshot).
  defaultTier: (flags) => (flags.fromSnapshot !== undefined && flags.dbVersion !== undefined ? 'M10' : undefined),
  idle: 'data',
  load: async () => (await import('./fromSnapshot.js')).work,
};
