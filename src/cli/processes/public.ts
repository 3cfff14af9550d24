// The public face of the processes command group: what other groups may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
// The resolver loads the API modules only when a command runs: it is offered as a loader,
// so that importing this face adds nothing to start-up (startupGraph.test.ts).
export { PROCESS_USAGE, aliasOfCluster, parseProcessWord, type ProcessWord } from './word.js';
/** `resolveProcesses(ctx, word)`: a cluster name, `host:port` or hostname to its processes (resolve.ts). */
export const loadProcessResolver = () => import('./resolve.js');
export type { ResolvedProcesses } from './resolve.js';
