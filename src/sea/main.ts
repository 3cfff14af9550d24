// Entry of the single executable (`npm run build:sea`): bin/cdba.js's job,
// bundled by scripts/build-sea.mjs into one CommonJS file, the only form Node's
// single-executable support runs. Node puts the executable's path in argv[1]
// as well as argv[0], so the user's words start at argv[2].
import { version } from '../../package.json';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // As in the launcher: `cdba --version` answers without evaluating the CLI.
  // eslint-disable-next-line no-restricted-properties -- the launcher: no io object exists yet
  process.stdout.write(`${version}\n`);
} else {
  // A dynamic import, so the fast path above skips evaluating everything else.
  void import('../main.js').then(async ({ IO, main }) => {
    process.exitCode = await main(argv, process.env, IO.fromProcess(process.env));
  });
}
