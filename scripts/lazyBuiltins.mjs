// An esbuild plugin for the CommonJS bundles (dist/cdba.cjs, the launcher's, and
// dist/sea/main.cjs, the single executable's): node:http, https, http2 and tls
// become objects of getters that require the real module on first use.
// esbuild's ES-module interop copies the getters without calling them. The
// getters' names come from scripts/builtinExports.json, committed (refreshed by
// scripts/refresh-builtins.mjs on each supported Node line), never from the
// Node running the build: a build on 22 and one on 24 give the same bytes.
// - The single executable is built from a start-up snapshot, which these four
//   must not enter (Node 20 could not serialise their bindings' handles, "global
//   handle not serialized"): they must not load while it is built.
// - A launcher run over http:// (the emulator) needs none of them, and one over
//   https:// only tls and https: each is 2-5 ms of Node compiling its own modules.
// - node:child_process (commander requires it at load, for executable
//   subcommands cdba has none of; cdba spawns only in `run` and `clusters
//   connect`) and node:fs/promises (the emulator's --state writes) the same way:
//   a call loads neither, and the snapshot holds neither (its blob is smaller).
// undici reads three things from them as its files are evaluated, which every
// run does (and the snapshot build), so those are values fixed at build time:
// - http2.constants (numbers): undici speaks HTTP/2 only when asked (cdba never does);
// - http.maxHeaderSize: Node's default, 16 KiB (NODE_OPTIONS=--max-http-header-size
//   no longer changes the largest response header undici accepts);
// - http.IncomingMessage: undici's destroy() compares a request body's class with
//   it, to drop the socket of a body that is a server's incoming request (cdba's
//   bodies are strings or buffers, never that).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const NAMESPACE = 'cdba-lazy-builtin';
const BUILTINS = JSON.parse(readFileSync(join(import.meta.dirname, 'builtinExports.json'), 'utf8'));
const FIXED = {
  'node:http2': { constants: JSON.stringify(BUILTINS.http2Constants) },
  // Node's default --max-http-header-size on every supported line.
  'node:http': { maxHeaderSize: String(16 * 1024), IncomingMessage: 'class IncomingMessage {}' },
};

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?(http|https|http2|tls|child_process|fs\/promises)$/ }, (args) =>
      args.namespace === NAMESPACE ? { path: args.path, external: true } : { path: args.path.replace(/^(node:)?/, 'node:'), namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const names = BUILTINS.exports[args.path];
      if (!names) throw new Error(`${args.path} is not in scripts/builtinExports.json: run scripts/refresh-builtins.mjs`);
      const fixed = FIXED[args.path] ?? {};
      const lazy = names.filter((key) => !(key in fixed));
      return {
        loader: 'js',
        contents: `let real;
const load = () => (real ??= require(${JSON.stringify(args.path)}));
for (const key of ${JSON.stringify(lazy)}) Object.defineProperty(exports, key, { enumerable: true, get: () => load()[key] });
${Object.entries(fixed).map(([key, value]) => `exports.${key} = ${value};`).join('\n')}
`,
      };
    });
  },
};
