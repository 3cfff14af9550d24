// Entry of the single executable (`npm run build:sea`): bin/cdba.js's job,
// bundled by scripts/build-sea.mjs into one CommonJS file, the only form Node's
// single-executable support runs. Node puts the executable's path in argv[1]
// as well as argv[0], so the user's words start at argv[2].
//
// The executable is built from a V8 start-up snapshot (`useSnapshot`): Node
// runs this file once at build time, with everything a call needs loaded and
// initialised, and stores the heap; each run starts from that heap and calls
// `run` below. So nothing here may read the environment, argv, the clock or
// the terminal at load time, and nothing may hold a handle (socket, timer,
// file) when the build's event loop ends. Modules this file does not preload
// are still in the bundle and initialise on first use, as in the launcher.
import { ReadStream } from 'node:fs';
import { startupSnapshot } from 'node:v8';
import { version } from '../../package.json';
import { IO, main, prebuildProgram, type PrebuiltProgram } from '../main.js';
import { applyRuntimeFlags } from '../api/undiciFlags.js';
import { warmCallPath } from './warmup.js';

/** The command tree built while the snapshot was taken; undefined without a snapshot. */
let prebuilt: PrebuiltProgram | undefined;

function run(): void {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // As in the launcher: `cdba --version` answers without running the CLI.
    // eslint-disable-next-line no-restricted-properties -- the launcher: no io object exists yet
    process.stdout.write(`${version}\n`);
    return;
  }
  // V8 flags set at build time are not part of the snapshot.
  applyRuntimeFlags();
  void main(argv, process.env, IO.fromProcess(process.env), {}, prebuilt).then((code) => {
    process.exitCode = code;
  });
}

/**
 * What one call of the common commands initialises beyond the static graph:
 * the modules their handlers import on first use. Loading them here puts
 * them, evaluated, into the snapshot; nothing in them opens a handle at load.
 */
async function preload(): Promise<void> {
  void ReadStream; // fs loads its stream classes on first use; process.stdin needs them
  await Promise.all([
    // Built-ins a call loads that Node can keep in a snapshot, so that no run
    // compiles them again (node:http, https, http2 and tls cannot be kept:
    // scripts/build-sea.mjs makes the bundle load them on first use).
    import('node:assert'),
    import('node:dns'),
    import('node:diagnostics_channel'),
    import('node:util/types'),
    import('../api/client.js'),
    import('../api/resources/clusters.js'),
    import('../api/resources/flexClusters.js'),
    import('../api/versions.js'),
    import('../api/operations.js'),
    import('../api/errors.js'),
    import('../output/render.js'),
    import('../output/jsonList.js'),
    import('../output/fit.js'),
    import('../core/context.js'),
    import('jmespath'),
  ]);
  // V8 keeps a function's bytecode in the snapshot only if it ran while the
  // snapshot was built; the rest compile in every run. Building the command
  // tree and parsing argv run in every call, so run them here, on help, which
  // needs no config, network or terminal (the tree: 4.3 -> 1.7 ms per run).
  // Root help would build every group's tree, which a call builds only when named.
  for (const argv of [['clusters', 'list', '--help'], ['clusters', 'get', '--help']]) {
    await main(argv, {}, IO.test());
  }
  // The calls themselves, against a stand-in server (src/sea/warmup.ts): the
  // request and response path compiled here, not in each run.
  await warmCallPath();
  // And the tree the run parses, built here with the clusters group (main() adds
  // any other group a run names): its actions reach the run's io and environment
  // through the App that main() binds.
  prebuilt = prebuildProgram(['clusters']);
}

if (startupSnapshot.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(run);
  // A module that cannot be preloaded fails the build, not a run: the rejection is
  // left unhandled, so Node prints it and the snapshot build exits 1.
  void preload();
} else {
  run();
}
