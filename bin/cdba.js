#!/usr/bin/env node
'use strict';
// Thin launcher: main(argv, env, io) from the bundle, then the exit code.
// CommonJS on purpose (bin/package.json): Node starts a CommonJS entry faster
// than an ES module, and `cdba --version`, run in loops, answers without
// loading the bundle at all.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  require('./codeCache.js').loadMain(process.env, argv).then(
    async ({ main, IO }) => {
      process.exitCode = await main(argv, process.env, IO.fromProcess(process.env));
    },
    (error) => {
      process.stderr.write(`cdba: cannot load the bundle (${error.message}); run npm run build\n`);
      process.exitCode = 1;
    },
  );
}
