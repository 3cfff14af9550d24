// A plain description of the commander tree; the man pages and the shell
// completion scripts are both generated from it, so they cannot drift apart.
import type { Command, Option } from '@commander-js/extra-typings';
import { examplesOf, notesOf, detailsOf, type Example } from './command.js';

export interface OptionInfo {
  flags: string;
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  choices: string[];
  /** More than --help says: the man page's (withOptionDetails). */
  details?: string;
}

export interface CommandInfo {
  name: string;
  /** Full path without the program name, e.g. ['clusters', 'list']. */
  path: string[];
  aliases: string[];
  description: string;
  usage: string;
  args: Array<{ name: string; required: boolean; description: string; choices: string[] }>;
  options: OptionInfo[];
  examples: Example[];
  /** More about the command than its description, in the man page only (withDetails). */
  about?: string;
  /** What the command's help says after its examples (paragraphs split by blank lines). */
  notes?: string;
  subcommands: CommandInfo[];
  /** The subcommand that runs when none is named (`conn-string c1` is `conn-string get c1`). */
  defaultSubcommand?: string;
}

type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

function optionInfo(option: Option): OptionInfo {
  const info: OptionInfo = {
    flags: option.flags,
    description: option.description,
    takesValue: option.required || option.optional,
    choices: [...(option.argChoices ?? [])],
  };
  if (option.long) info.long = option.long;
  if (option.short) info.short = option.short;
  return info;
}

export function describe(command: AnyCommand, parentPath: string[] = []): CommandInfo {
  const isRoot = command.parent === null;
  const path = isRoot ? [] : [...parentPath, command.name()];
  const details = detailsOf(command).options ?? {};
  const options = (command.options as readonly Option[]).filter((o) => !o.hidden).map((o) => ({ ...optionInfo(o), ...(o.long && details[o.long] ? { details: details[o.long] } : {}) }));
  options.push({ flags: '-h, --help', long: '--help', short: '-h', description: 'show help', takesValue: false, choices: [] });
  return {
    name: command.name(),
    path,
    aliases: command.aliases(),
    description: command.description(),
    usage: command.usage(),
    args: command.registeredArguments.map((a) => ({
      name: a.name(),
      required: a.required,
      description: a.description,
      choices: [...((a as { argChoices?: string[] }).argChoices ?? [])],
    })),
    options,
    examples: examplesOf(command),
    ...(notesOf(command) ? { notes: notesOf(command) } : {}),
    ...(detailsOf(command).about ? { about: detailsOf(command).about } : {}),
    subcommands: (command.commands as readonly AnyCommand[])
      .filter((c) => c.name() !== 'help' && !(c as unknown as { _hidden?: boolean })._hidden)
      .map((c) => describe(c, path)),
    ...defaultOf(command),
  };
}

function defaultOf(command: AnyCommand): { defaultSubcommand?: string } {
  const name = (command as unknown as { _defaultCommandName?: string | null })._defaultCommandName;
  return name ? { defaultSubcommand: name } : {};
}

/** Every command in the tree, depth first. */
export function flatten(info: CommandInfo): CommandInfo[] {
  return [info, ...info.subcommands.flatMap(flatten)];
}
