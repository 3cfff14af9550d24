// The few pieces of undici the client uses, imported by file instead of from
// 'undici'. The package entry evaluates all of undici (fetch, websocket, cache,
// mock, cookies), and its cookies module touches globalThis.Headers, which makes
// Node load its own bundled copy of undici too: together about 40 ms of every
// run (test/bench/RESULTS.md, figure 2). undici 7 has no `exports` map, so these
// paths resolve for esbuild, vitest and node alike; the lockfile pins the version.
// Types still come from 'undici' (undiciDeep.d.ts maps the paths to them).
import { setFlagsFromString } from 'node:v8';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import apiRequest from 'undici/lib/api/api-request.js';
import retryInterceptor from 'undici/lib/interceptor/retry.js';

// undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it first
// with its baseline compiler (Liftoff), then re-compiles it with TurboFan in the
// background, and the process cannot exit until that finishes: 85-200 ms of
// idle after the command is done. A tiering budget no CLI run can spend keeps
// the parser on Liftoff code, which is fast enough for API bodies (list --all of
// 10,000 clusters was not slower). It changes only when wasm functions tier up,
// nothing about what they compute; it must be set before undici compiles the
// module, i.e. before the first connection, which importing this file ensures.
setFlagsFromString('--wasm-tiering-budget=2000000000');

// What undici's index.js does for `dispatcher.request()`; only request() is used.
Object.assign(DispatcherClass.prototype, { request: apiRequest });

export const Agent = AgentClass;
export type Agent = AgentClass;
export const interceptors = { retry: retryInterceptor };
