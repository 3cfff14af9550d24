/* global setInterval */
// Takes the config lock exactly as cdba's ConfigStore does (proper-lockfile on
// <dir>/config.json, lock directory <dir>/config.lock, 10 s stale time), says
// "locked", and holds it until killed: a profile write killed mid-way.
//   node lockHolder.mjs <configDir>
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

const dir = process.argv[2];
await lockfile.lock(join(dir, 'config.json'), { lockfilePath: join(dir, 'config.lock'), realpath: false, stale: 10_000, onCompromised: () => {} });
process.stdout.write('locked\n');
setInterval(() => {}, 1 << 30);
