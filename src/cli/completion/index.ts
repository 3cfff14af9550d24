// `cdba completion bash|zsh|fish`: prints a completion script for the shell.
import { Writable } from 'node:stream';
import { Argument, type Command } from '@commander-js/extra-typings';
import { Context, type GlobalOptions } from '../../core/context.js';
import { IO } from '../../base/io.js';
import { SHELLS, completionScript, type Shell } from './scripts.js';
import { describe } from '../tree.js';
import { withExamples, type App } from '../command.js';

export function registerCompletion(program: Command, app: App): void {
  const command = program
    .command('completion')
    .description('print a shell completion script (commands, flags, fixed values, profile names, and from the service cluster names, flex clusters included, search index names, snapshot and restore job IDs, and the IDs of peers, containers and private endpoint services)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action(async (shell, _options, cmd) => {
      app.context(cmd);
      let root: Command = cmd as unknown as Command;
      while (root.parent) root = root.parent as Command;
      app.io.write(completionScript(shell as Shell, describe(root as never)));
    });
  // What the scripts call for names the service knows: one per line, or nothing.
  program
    .command('__complete', { hidden: true })
    .argument('<what>', 'clusters, profiles, indexes, snapshots or restore-jobs (of [cluster]), or what an ID argument names (peers, containers, private-endpoint-services)')
    .argument('[cluster]', 'for indexes, snapshots and restore-jobs: the cluster whose to name')
    .action(async (what, cluster, _options, cmd) => {
      if (what === 'profiles') {
        // Only names the profile-name rule allows: a hand-edited config's other keys never become shell words.
        const { isProfileName } = await import('../../config/validate.js');
        const names = Object.keys((await app.context(cmd).config()).read().profiles).filter(isProfileName).sort();
        if (names.length) app.io.write(`${names.join('\n')}\n`);
        return;
      }
      const { LISTED, listedIds } = await import('./listedIds.js');
      const { BACKUP_LISTS, backupIds } = await import('./backupIds.js');
      const backups = (BACKUP_LISTS as readonly string[]).includes(what) ? (what as (typeof BACKUP_LISTS)[number]) : undefined;
      if (what !== 'clusters' && !((what === 'indexes' || backups) && cluster) && !LISTED.includes(what)) return;
      const { clusterNames, lookupLimits } = await import('./clusterNames.js');
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
        const names =
          what === 'clusters'
            ? await clusterNames(ctx)
            : what === 'indexes'
              ? await (await import('./indexNames.js')).indexNames(ctx, cluster!)
              : backups
                ? await backupIds(ctx, backups, cluster!)
                : await listedIds(ctx, what);
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
    ['Count the top-level commands the fish script completes', "cdba completion fish | grep -c '__fish_use_subcommand'"],
  ]);
}
