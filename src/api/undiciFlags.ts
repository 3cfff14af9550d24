// undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it first
// with its baseline compiler (Liftoff), then re-compiles it with TurboFan in the
// background, and the process cannot exit until that finishes: 85-200 ms of
// idle after the command is done. A tiering budget no CLI run can spend keeps
// the parser on Liftoff code, which is fast enough for API bodies (list --all of
// 10,000 clusters was not slower). It changes only when wasm functions tier up,
// nothing about what they compute; it must be set before undici compiles the
// module, i.e. before the first connection. The single executable's start-up
// snapshot does not keep V8 flags (and is refused at run time if a flag changed
// while it was built), so there it is set in every run, not while building.
import { setFlagsFromString, startupSnapshot } from 'node:v8';

export function applyRuntimeFlags(): void {
  if (!startupSnapshot.isBuildingSnapshot()) setFlagsFromString('--wasm-tiering-budget=2000000000');
}
