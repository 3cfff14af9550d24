// The public face of the logs command group: what other groups may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
// The writer of one downloaded log (a temporary file renamed once whole, never through a
// link; decompressed or not, capped) is offered as a loader: importing this face adds
// nothing to start-up (startupGraph.test.ts). `env diagnose`, `run --diagnostics` and `api --out` use it.
export const loadLogWriter = () => import('./writeFile.js');
export { RunFileNames, safeFileName } from './fileName.js';
