// `cdba completion bash|zsh|fish`: prints a completion script for the shell.
import { Writable } from 'node:stream';
import { Argument, type Command } from '@commander-js/extra-typings';
import { Context, type GlobalOptions } from '../../core/context.js';
import { IO } from '../../base/io.js';
import { SHELLS, completionScript, type Shell } from './scripts.js';
import { describe } from '../tree.js';
import { lookupsOf, withExamples, type App } from '../command.js';

export function registerCompletion(program: Command, app: App): void {
  const command = program
    .command('completion')
    .description('print a shell completion script: commands, flags, and the values each command declares (fixed values, file names, profile names, and names and IDs from the service)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action(async (shell, _options, cmd) => {
      app.context(cmd);
      app.io.write(completionScript(shell as Shell, describe(rootOf(cmd) as never)));
    });
  // What the scripts call for the values a lookup knows: one per line, or nothing.
  program
    .command('__complete', { hidden: true })
    .argument('<what>', 'the lookup a command declares for its argument or flag (the command group that owns the values registers it)')
    .argument('[of]', 'the earlier argument\'s value it is asked for, where the declaration names one (a cluster, for its indexes)')
    .argument('[word]', 'for a lookup of a command\'s flags (flagsCompletedBy), the flag whose values are asked for')
    .action(async (what, of, word, _options, cmd) => {
      const entry = lookupsOf(rootOf(cmd)).get(what);
      if (!entry || (entry.needsOf && !of)) return;
      if (entry.local) {
        const names = await (await entry.load())(app.context(cmd), of, word);
        if (names.length) app.io.write(`${names.join('\n')}\n`);
        return;
      }
      const { lookupLimits } = await import('./lookupLimits.js');
      const { deadlineMs, attemptTimeout } = lookupLimits(app.env);
      // Its own IO: no warning reaches the terminal, and the deadline aborts requests and retries alike.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), deadlineMs);
      const quiet = new IO({
        out: app.io.out,
        err: new Writable({ write: (_chunk, _encoding, done) => done() }),
        in: app.io.in,
        outIsTTY: false,
        errIsTTY: false,
        inIsTTY: false,
        colorLevel: 0,
        columns: 0,
        signal: deadline.signal,
      });
      const ctx = new Context(quiet, app.env, app.version, { ...(cmd.optsWithGlobals() as GlobalOptions), timeout: attemptTimeout, debug: false });
      try {
        const names = await (await entry.load())(ctx, of, word);
        if (names.length) app.io.write(`${names.join('\n')}\n`);
      } finally {
        clearTimeout(timer);
        await ctx.close().catch(() => undefined);
      }
    });
  withExamples(command, [
    ['Enable for the current bash session', 'source <(cdba completion bash)'],
    ['Install for zsh', 'cdba completion zsh > "${fpath[1]}/_cdba"'],
    ['Install for fish', 'cdba completion fish > ~/.config/fish/completions/cdba.fish'],
    ["Count the top-level commands the fish script completes", "cdba completion fish | grep -c '__fish_use_subcommand'"],
  ]);
}

/** The tree's root: where the lookups are registered, and what the scripts describe. */
function rootOf(command: unknown): Command {
  let root = command as Command;
  while (root.parent) root = root.parent as Command;
  return root;
}
