// undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it first
// with its baseline compiler (Liftoff), then re-compiles it with TurboFan in the
// background, and the process cannot exit until that finishes: 85-200 ms of
// idle after the command is done. A tiering budget no CLI run can spend keeps
// the parser on Liftoff code, which is fast enough for API bodies (list --all of
// 10,000 clusters was not slower). The budget is read when undici instantiates
// the parser, at its first connection, and changes nothing about what it computes.
//
// So the flag is set only around that moment, and put back to V8's default right
// after: V8 checks every code cache against a hash of its flags, Node's own for
// its built-in modules included, so a built-in loaded while the flag differs from
// the default compiles from source (a `clusters list` ran 6% more instructions
// when the flag stayed set; test/bench/RESULTS.md). `undici:client:beforeConnect`
// comes before the connection and `undici:client:connected` right after undici
// made its parser; node:tls, which an https:// connection loads in between, is
// loaded first. The single executable's start-up snapshot does not keep V8 flags
// (and is refused at run time if a flag changed while it was built), so there
// nothing is set while building, and `run` calls this in every run.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { TLSSocket } from 'node:tls';
import { setFlagsFromString, startupSnapshot } from 'node:v8';

/** V8's default --wasm-tiering-budget on Node 22 and 24 (a test reads `node --v8-options`). */
export const DEFAULT_WASM_TIERING_BUDGET = 13_000_000;
const NO_TIER_UP = 2_000_000_000;

let subscribed = false;

export function applyRuntimeFlags(): void {
  if (subscribed || startupSnapshot.isBuildingSnapshot()) return;
  subscribed = true;
  let connecting = 0;
  const setBudget = (budget: number): void => setFlagsFromString(`--wasm-tiering-budget=${budget}`);
  const beforeConnect = (message: unknown): void => {
    if ((message as { connectParams?: { protocol?: string } }).connectParams?.protocol === 'https:') void TLSSocket;
    if (connecting++ === 0) setBudget(NO_TIER_UP);
  };
  const failed = (): void => {
    if (--connecting === 0) setBudget(DEFAULT_WASM_TIERING_BUDGET);
  };
  // The parser exists once one connection is made; later ones reuse it.
  const connected = (): void => {
    unsubscribe('undici:client:beforeConnect', beforeConnect);
    unsubscribe('undici:client:connectError', failed);
    unsubscribe('undici:client:connected', connected);
    setBudget(DEFAULT_WASM_TIERING_BUDGET);
  };
  subscribe('undici:client:beforeConnect', beforeConnect);
  subscribe('undici:client:connectError', failed);
  subscribe('undici:client:connected', connected);
}
