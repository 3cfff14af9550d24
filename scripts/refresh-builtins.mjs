// `node scripts/refresh-builtins.mjs`, run once on each supported Node line
// (22 and 24) after a Node upgrade: adds the running Node's export names of the
// built-ins scripts/lazyBuiltins.mjs wraps to scripts/builtinExports.json. The
// build reads only that committed file, never the building Node, so builds on
// 22 and 24 give the same bytes (test/e2e/actionBundle.test.ts). A name one line
// lacks is a getter that yields undefined there, as the real module would.
/* global process */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, 'builtinExports.json');
const MODULES = ['node:child_process', 'node:fs/promises', 'node:http', 'node:http2', 'node:https', 'node:tls'];
const nodeRequire = createRequire(import.meta.url);

let known = { exports: {}, http2Constants: {} };
try {
  known = JSON.parse(readFileSync(FILE, 'utf8'));
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
const exports = {};
for (const name of MODULES) exports[name] = [...new Set([...(known.exports[name] ?? []), ...Object.keys(nodeRequire(name))])].sort();
// HTTP/2's protocol constants: fixed by RFC 9113, so a name both lines have has one value.
const http2Constants = Object.fromEntries(Object.entries({ ...known.http2Constants, ...nodeRequire('node:http2').constants }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(FILE, `${JSON.stringify({ exports, http2Constants }, null, 1)}\n`);
process.stderr.write(`refresh-builtins: ${FILE} now holds Node ${process.version}'s names too\n`);
