// `cdba completion bash|zsh|fish`: prints a completion script for the shell.
import { Argument, type Command } from '@commander-js/extra-typings';
import { SHELLS, completionScript, type Shell } from '../completion/scripts.js';
import { describe } from './tree.js';
import { withExamples, type App } from './command.js';

export function registerCompletion(program: Command, app: App): void {
  const command = program
    .command('completion')
    .description('print a shell completion script (commands, flags, fixed values, profile names)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action(async (shell, _options, cmd) => {
      app.context(cmd);
      let root: Command = cmd as unknown as Command;
      while (root.parent) root = root.parent as Command;
      app.io.write(completionScript(shell as Shell, describe(root as never)));
    });
  withExamples(command, [
    ['Enable for the current bash session', 'source <(cdba completion bash)'],
    ['Install for zsh', 'cdba completion zsh > "${fpath[1]}/_cdba"'],
    ['Install for fish', 'cdba completion fish > ~/.config/fish/completions/cdba.fish'],
    ['Count the top-level commands the fish script completes', "cdba completion fish | grep -c '__fish_use_subcommand'"],
  ]);
}
