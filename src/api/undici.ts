// The few pieces of undici the client uses, imported by file instead of from
// 'undici'. The package entry evaluates all of undici (fetch, websocket, cache,
// mock, cookies), and its cookies module touches globalThis.Headers, which makes
// Node load its own bundled copy of undici too: together about 40 ms of every
// run (test/bench/RESULTS.md, figure 2). undici 7 has no `exports` map, so these
// paths resolve for esbuild, vitest and node alike; the lockfile pins the version.
// Types still come from 'undici' (undiciDeep.d.ts maps the paths to them).
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import apiRequest from 'undici/lib/api/api-request.js';
import retryInterceptor from 'undici/lib/interceptor/retry.js';
import { applyRuntimeFlags } from './undiciFlags.js';

// Before undici compiles its wasm parser, i.e. before the first connection, which importing this file ensures.
applyRuntimeFlags();

// What undici's index.js does for `dispatcher.request()`; only request() is used.
Object.assign(DispatcherClass.prototype, { request: apiRequest });

export const Agent = AgentClass;
export const Dispatcher = DispatcherClass;
export type Agent = AgentClass;
export const interceptors = { retry: retryInterceptor };
