// The public face of the backups command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { findSnapshot, majorOf, snapshotRef, startRestore, summarizeRestore, waitForRestore } from './snapshots.js';
