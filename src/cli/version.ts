// `cdba version [--verbose]`: what runs, for bug reports. `cdba --version`
// (commander's, or the launcher's fast path) prints the same first word.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from './command.js';

export function registerVersion(program: Command, app: App): void {
  const command = program
    .command('version')
    .description('print the cdba version; --verbose adds Node, the platform and the kind of build, for bug reports; -o json gives all of it as one document')
    .option('--verbose', 'also print the Node version, platform-arch and whether this is the single executable')
    .action(async (options, cmd) => {
      const ctx = app.context(cmd);
      // -o json|pretty or --query: one document with every field; otherwise text for $(...) and bug reports.
      const form = await ctx.outputForm('bare');
      if (form.form === 'bare' && !options.verbose) {
        app.io.write(`${app.version}\n`);
        return;
      }
      // node:sea exists from Node 20.12; isSea() is true only inside dist/sea/cdba.
      const { isSea } = await import('node:sea');
      if (form.form === 'document') {
        await ctx.output({ version: app.version, node: process.version, platform: `${process.platform}-${process.arch}`, singleExecutable: isSea() });
        return;
      }
      app.io.write(
        [
          `cdba ${app.version}`,
          `node ${process.version}`,
          `platform ${process.platform}-${process.arch}`,
          `single-executable ${isSea() ? 'yes' : 'no'}`,
          '',
        ].join('\n'),
      );
    });
  withExamples(command, [
    ['The version alone, as cdba --version prints it', 'cdba version'],
    ['Everything a bug report needs', 'cdba version --verbose'],
    ['The Node version cdba runs on', "cdba version --verbose | awk '$1 == \"node\" { print $2 }'"],
    ['As JSON: version, node, platform, singleExecutable', "cdba version -o json | jq -r '.node'"],
  ]);
}
