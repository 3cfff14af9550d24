// A plain description of the commander tree; the man pages and the shell
// completion scripts are both generated from it, so they cannot drift apart.
import type { Argument, Command, Option } from '@commander-js/extra-typings';
import { completionOf, detailsOf, examplesOf, flagsLookupOf, notesOf, type Example } from './command.js';

/**
 * What completes a value: its fixed words, a file name, a profile name, or what a
 * lookup answers (`cdba __complete <list>`), of the value of the first argument when
 * `ofFirst` (the snapshots of the cluster typed first), with `also` words besides.
 */
export type ValueCompletion =
  | { kind: 'choices'; words: string[] }
  | { kind: 'files' }
  | { kind: 'profiles' }
  | { kind: 'lookup'; list: string; ofFirst: boolean; also: string[] };

export interface OptionInfo {
  flags: string;
  long?: string;
  short?: string;
  description: string;
  takesValue: boolean;
  choices: string[];
  /** More than --help says: the man page's (withOptionDetails). */
  details?: string;
  completion?: ValueCompletion;
}

export interface ArgumentInfo {
  name: string;
  required: boolean;
  description: string;
  choices: string[];
  completion?: ValueCompletion;
}

export interface CommandInfo {
  name: string;
  /** Full path without the program name, e.g. ['clusters', 'list']. */
  path: string[];
  aliases: string[];
  description: string;
  usage: string;
  args: ArgumentInfo[];
  options: OptionInfo[];
  examples: Example[];
  /** More about the command than its description, in the man page only (withDetails). */
  about?: string;
  /** What the command's help says after its examples (paragraphs split by blank lines). */
  notes?: string;
  subcommands: CommandInfo[];
  /** The subcommand that runs when none is named (`conn-string c1` is `conn-string get c1`). */
  defaultSubcommand?: string;
  /** The lookup that answers the flags after the first argument, and their values (`flagsCompletedBy`). */
  flagsBy?: string;
}

type AnyCommand = Command<unknown[], Record<string, unknown>, Record<string, unknown>>;

/**
 * What a command declared (`completes` of src/cli/command.ts), else its fixed words, else
 * for a flag whose value is a file (`<file>`, `<path>`) file names. `of` names an earlier
 * argument: the scripts give a lookup the first argument's value, so it must be that one.
 */
function completionFor(target: object, choices: string[], isFile: boolean, args: readonly Argument[], where: string): ValueCompletion | undefined {
  const declared = completionOf(target);
  if (declared?.kind === 'lookup') {
    if (declared.of !== undefined && args[0]?.name() !== declared.of) throw new Error(`${where}: completes of ${declared.of}, which is not the command's first argument`);
    return { kind: 'lookup', list: declared.list, ofFirst: declared.of !== undefined, also: [...(declared.also ?? [])] };
  }
  if (declared) return declared;
  if (choices.length) return { kind: 'choices', words: choices };
  return isFile ? { kind: 'files' } : undefined;
}

function optionInfo(option: Option, args: readonly Argument[], where: string): OptionInfo {
  const info: OptionInfo = {
    flags: option.flags,
    description: option.description,
    takesValue: option.required || option.optional,
    choices: [...(option.argChoices ?? [])],
  };
  if (option.long) info.long = option.long;
  if (option.short) info.short = option.short;
  const completion = completionFor(option, info.choices, info.takesValue && /<(file|path)>/.test(option.flags), args, `${where} ${option.flags}`);
  if (completion) info.completion = completion;
  return info;
}

function argumentInfo(argument: Argument, index: number, args: readonly Argument[], where: string): ArgumentInfo {
  const info: ArgumentInfo = {
    name: argument.name(),
    required: argument.required,
    description: argument.description,
    choices: [...((argument as { argChoices?: string[] }).argChoices ?? [])],
  };
  const completion = completionFor(argument, info.choices, false, args, `${where} <${info.name}>`);
  if (completion?.kind === 'lookup' && completion.ofFirst && index === 0) throw new Error(`${where} <${info.name}>: completes of itself`);
  if (completion) info.completion = completion;
  return info;
}

export function describe(command: AnyCommand, parentPath: string[] = []): CommandInfo {
  const isRoot = command.parent === null;
  const path = isRoot ? [] : [...parentPath, command.name()];
  const args = command.registeredArguments as readonly Argument[];
  const where = `cdba ${path.join(' ')}`.trim();
  const details = detailsOf(command).options ?? {};
  const options = (command.options as readonly Option[])
    .filter((o) => !o.hidden)
    .map((o) => ({ ...optionInfo(o, args, where), ...(o.long && details[o.long] ? { details: details[o.long] } : {}) }));
  options.push({ flags: '-h, --help', long: '--help', short: '-h', description: 'show help', takesValue: false, choices: [] });
  return {
    name: command.name(),
    path,
    aliases: command.aliases(),
    description: command.description(),
    usage: command.usage(),
    args: args.map((a, i) => argumentInfo(a, i, args, where)),
    options,
    examples: examplesOf(command),
    ...(notesOf(command) ? { notes: notesOf(command) } : {}),
    ...(detailsOf(command).about ? { about: detailsOf(command).about } : {}),
    subcommands: (command.commands as readonly AnyCommand[])
      .filter((c) => c.name() !== 'help' && !(c as unknown as { _hidden?: boolean })._hidden)
      .map((c) => describe(c, path)),
    ...defaultOf(command),
    ...(flagsLookupOf(command) ? { flagsBy: flagsLookupOf(command)! } : {}),
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
