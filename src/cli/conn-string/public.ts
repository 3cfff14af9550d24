// The public face of the conn-string command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { CONNECTION_TYPES, chooseConnectionString, resolveChoice } from './connectionString.js';
