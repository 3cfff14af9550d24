// The public face of the auth command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { runAuthStatus } from './authStatus.js';
