// The public face of the access-list command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { type AccessEntry, EntryFailedError, currentAddress, entryValue, parseAccessEntry } from './entry.js';
