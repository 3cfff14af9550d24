// The single executable's stand-in for src/api/undici.ts (scripts/build-sea.mjs
// resolves one to the other). Node 20 cannot put node:http, node:https,
// node:tls or node:http2 into a start-up snapshot (their native bindings hold
// handles V8 cannot serialise), and undici requires node:http and node:http2
// when its files are evaluated. So here undici is evaluated on the first
// `new Agent`, in the run that sends a request, not while the snapshot is made.
import type AgentClass from 'undici/lib/dispatcher/agent.js';
import type retryInterceptorFn from 'undici/lib/interceptor/retry.js';

interface Undici {
  Agent: typeof AgentClass;
  retry: typeof retryInterceptorFn;
}

let undici: Undici | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- esbuild bundles these and evaluates them on first call */
function load(): Undici {
  if (!undici) {
    const DispatcherClass = require('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
    // What undici's index.js does for `dispatcher.request()`; only request() is used.
    Object.assign(DispatcherClass.prototype, { request: require('undici/lib/api/api-request.js') as unknown });
    undici = {
      Agent: require('undici/lib/dispatcher/agent.js') as typeof AgentClass,
      retry: require('undici/lib/interceptor/retry.js') as typeof retryInterceptorFn,
    };
  }
  return undici;
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** Constructs undici's Agent, loading undici first. */
export const Agent = function Agent(...args: ConstructorParameters<typeof AgentClass>) {
  return new (load().Agent)(...args);
} as unknown as typeof AgentClass;
export type Agent = AgentClass;
export const interceptors = { retry: ((...args: Parameters<typeof retryInterceptorFn>) => load().retry(...args)) as typeof retryInterceptorFn };
