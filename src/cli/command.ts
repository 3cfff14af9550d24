// Shared plumbing for command files: the App (io, env, version, the live
// context), examples in help, and flag value parsers that fail with exit 2.
import { Argument, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { Context, debugFromEnv, type ContextOptions, type GlobalOptions } from '../core/context.js';
import { UsageError } from '../base/errors.js';
import type { IO } from '../base/io.js';
import { helpAfter } from './helpLayout.js';

export class App {
  private contexts: Context[] = [];

  constructor(
    private runIo: IO,
    private runEnv: NodeJS.ProcessEnv,
    readonly version: string,
    private options: ContextOptions = {},
  ) {}

  /** This run's terminal and streams. */
  get io(): IO {
    return this.runIo;
  }

  /** This run's environment. */
  get env(): NodeJS.ProcessEnv {
    return this.runEnv;
  }

  /**
   * Points an App built ahead of the run at the run's io, environment and
   * seams: the single executable builds the command tree, whose actions close
   * over this App, while its start-up snapshot is taken (src/sea/main.ts).
   */
  bind(io: IO, env: NodeJS.ProcessEnv, options: ContextOptions = {}): void {
    this.runIo = io;
    this.runEnv = env;
    this.options = options;
    this.contexts = [];
  }

  /** The context for the command being run, from its options merged with the globals. */
  context(command: { optsWithGlobals(): unknown }): Context {
    const globals = command.optsWithGlobals() as GlobalOptions;
    if (globals.color === false) this.io.disableColor();
    const context = new Context(this.io, this.env, this.version, globals, this.options);
    this.contexts.push(context);
    return context;
  }

  get debug(): boolean {
    return this.contexts.some((c) => c.debug) || debugFromEnv(this.env);
  }

  /**
   * Lets each context add to the error what its settings know (Context.explain), and
   * to a "no such cluster" answer the project's near name (Context.suggestNearCluster).
   */
  async explain(error: unknown): Promise<void> {
    for (const context of this.contexts) context.explain(error);
    if (this.contexts.length === 0) return;
    const { isValidClusterName } = await import('../model/catalog.js');
    for (const context of this.contexts) await context.suggestNearCluster(error, isValidClusterName);
  }

  async close(): Promise<void> {
    this.io.closeInput();
    await Promise.all(this.contexts.map((c) => c.close()));
  }
}

export type Example = [description: string, command: string];

const EXAMPLES = new WeakMap<object, Example[]>();
const NOTES = new WeakMap<object, string>();
const AFTER_HELP = new WeakSet<object>();
const DETAILS = new WeakMap<object, ManDetails>();

/** One text after a command's help, read when help is shown: its examples, then its notes (helpAfter). */
function afterHelp(command: CommandUnknownOpts): void {
  if (AFTER_HELP.has(command)) return;
  AFTER_HELP.add(command);
  command.addHelpText('after', helpAfter(() => ({ examples: examplesOf(command), notes: notesOf(command), moreInManPage: detailsOf(command).about !== undefined || Object.keys(detailsOf(command).options ?? {}).length > 0 })));
}

/** Adds an Examples section to a command's help; the man pages read the same list. */
export function withExamples<C extends CommandUnknownOpts>(command: C, examples: Example[]): C {
  EXAMPLES.set(command, examples);
  afterHelp(command);
  return command;
}

export function examplesOf(command: object): Example[] {
  return EXAMPLES.get(command) ?? [];
}

/** Notes after a command's help (paragraphs split by blank lines); the man pages read the same text. */
export function withNotes<C extends CommandUnknownOpts>(command: C, text: string): C {
  NOTES.set(command, text);
  afterHelp(command);
  return command;
}

export function notesOf(command: object): string | undefined {
  return NOTES.get(command);
}

/** What the man page says beyond --help: more about the command, more about some of its options (by long flag). */
export interface ManDetails {
  about?: string;
  options?: Record<string, string>;
}

/**
 * Details in the man page only, after the command's description and its options'
 * descriptions: a subcommand's --help fits a screen, and says the man page has more.
 */
export function withDetails<C extends CommandUnknownOpts>(command: C, details: ManDetails): C {
  const unknown = Object.keys(details.options ?? {}).filter((flag) => !command.options.some((o) => o.long === flag));
  if (unknown.length > 0) throw new Error(`withDetails: ${command.name()} has no ${unknown.join(', ')}`);
  DETAILS.set(command, details);
  afterHelp(command);
  return command;
}

export function detailsOf(command: object): ManDetails {
  return DETAILS.get(command) ?? {};
}


const OWN_OUTPUTS = new WeakMap<object, readonly string[]>();

/**
 * Values of -o that a command prints besides the document formats (`env up -o env`).
 * The global -o accepts them for it (src/cli/program.ts), and the command takes the
 * value off the global option; every other command refuses them as it refuses any format it does not know.
 */
export function withOwnOutputs<C extends CommandUnknownOpts>(command: C, values: readonly string[]): C {
  OWN_OUTPUTS.set(command, values);
  return command;
}

export function ownOutputsOf(command: object): readonly string[] {
  return OWN_OUTPUTS.get(command) ?? [];
}

/**
 * What completes the value of an argument or a flag, declared where the command is
 * defined (`completes`). Fixed values (commander's `.choices()`) and a flag whose value
 * is a file (`<file>`, `<path>`) need no declaration: src/cli/tree.ts reads them.
 * - `profiles`: the config's profile names;
 * - `lookup`: what `cdba __complete <list> [<of>]` answers, a lookup the group that owns
 *   the values registers (`registerLookup`); `of` names an earlier argument whose value
 *   it is asked for (the snapshots of the cluster typed first); `also`: words offered besides.
 */
export type Completion = { kind: 'profiles' } | { kind: 'lookup'; list: string; of?: string; also?: readonly string[] };

export const PROFILES: Completion = { kind: 'profiles' };

/** The values of a lookup registered by the group that owns them, by its name. */
export function lookup(list: string, options: { of?: string; also?: readonly string[] } = {}): Completion {
  return { kind: 'lookup', list, ...options };
}

const COMPLETIONS = new WeakMap<object, Completion>();

/** Says what completes a commander Argument's or Option's value; returns it, for `.addArgument(...)`. */
export function completes<T extends object>(target: T, completion: Completion): T {
  COMPLETIONS.set(target, completion);
  return target;
}

/** An argument and what completes it: `.addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))`. */
export function completedArgument<Usage extends string>(usage: Usage, description: string, completion: Completion): Argument<Usage> {
  return completes(new Argument(usage, description), completion);
}

export function completionOf(target: object): Completion | undefined {
  return COMPLETIONS.get(target);
}

/**
 * A lookup: the words, or [] on any problem; `of` is the earlier argument's value, when the
 * declaration names one; `word`, for a lookup of a command's flags (`flagsCompletedBy`),
 * the flag whose values are asked for.
 */
export type Lookup = (ctx: Context, of: string | undefined, word?: string) => Promise<string[]>;

const FLAGS_BY = new WeakMap<object, string>();

/**
 * Says that after its first argument, the command's flags are what a lookup answers of
 * that argument, for a command whose flags depend on it (`api <operationId>`, whose
 * commands are made when named): `cdba __complete <list> <first>` answers the flags (none:
 * the command's own are offered), `cdba __complete <list> <first> <flag>` that flag's
 * values. The lookup is registered as any other (`registerLookup`). Returns the command.
 */
export function flagsCompletedBy<T extends object>(command: T, list: string): T {
  FLAGS_BY.set(command, list);
  return command;
}

export function flagsLookupOf(command: object): string | undefined {
  return FLAGS_BY.get(command);
}

export interface LookupEntry {
  /** Loads the lookup when `cdba __complete` asks for it, so start-up does not grow. */
  load: () => Promise<Lookup>;
  /** Asked only with the earlier argument's value (nothing is answered without one). */
  needsOf?: boolean;
  /** Reads only local files: no deadline, and its warnings are not hidden. */
  local?: boolean;
}

const LOOKUPS = new WeakMap<object, Map<string, LookupEntry>>();

/** Registers a lookup on the program (the tree's root), by the name completion declarations use. */
export function registerLookup(program: object, list: string, entry: LookupEntry): void {
  const lookups = LOOKUPS.get(program) ?? new Map<string, LookupEntry>();
  if (lookups.has(list)) throw new Error(`the completion lookup ${list} is registered twice`);
  LOOKUPS.set(program, lookups.set(list, entry));
}

/** The lookups registered on the program. */
export function lookupsOf(program: object): ReadonlyMap<string, LookupEntry> {
  return LOOKUPS.get(program) ?? new Map();
}

/** Flag value parsers. They throw UsageError, which exits 2 before any request. */
export function intFlag(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new UsageError(`invalid ${flag} "${value}": expected a whole number`);
    const n = Number(value);
    if (n < min || n > max) throw new UsageError(`invalid ${flag} ${value}: must be between ${min} and ${max}`);
    return n;
  };
}

/** A number of days written with its unit, `90d` (a bare number would read as seconds elsewhere in cdba). */
export function daysFlag(flag: string) {
  return (value: string): number => {
    const match = /^(\d{1,5})d$/.exec(value.trim());
    if (!match) throw new UsageError(`invalid ${flag} "${value}": expected a number of days like 90d`);
    return Number(match[1]);
  };
}

export function choiceFlag<T extends string>(flag: string, choices: readonly T[], options: { upper?: boolean } = {}) {
  return (value: string): T => {
    const normalized = options.upper ? value.toUpperCase() : value;
    if (!(choices as readonly string[]).includes(normalized)) {
      throw new UsageError(`invalid ${flag} "${value}": expected one of ${choices.join(', ')}`);
    }
    return normalized as T;
  };
}

/** Repeatable `key=value` flags collect into a list. */
export function keyValueFlag(flag: string) {
  return (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
    const eq = value.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid ${flag} "${value}": expected key=value`);
    return [...previous, [value.slice(0, eq), value.slice(eq + 1)]];
  };
}

/**
 * Path segments that would reach an object's prototype instead of a field of
 * its own: `-f __proto__.x=1` once set x on every object in the process.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Repeatable `a.b.c=value` flags (`api -f`, `patch --set`): a key=value whose dotted path has no prototype key. */
export function pathValueFlag(flag: string) {
  const pair = keyValueFlag(flag);
  return (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
    const pairs = pair(value, previous);
    const [path] = pairs[pairs.length - 1]!;
    const bad = path.split('.').find((segment) => PROTOTYPE_KEYS.has(segment));
    if (bad !== undefined) throw new UsageError(`invalid ${flag} "${path}": "${bad}" cannot be a field name`);
    return pairs;
  };
}

/** Repeatable `--tag key=value`: key and value each 1 to 255 characters, as the service's ResourceTag allows. */
export function tagFlag(flag: string) {
  const pair = keyValueFlag(flag);
  return (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
    const tags = pair(value, previous);
    const [key, text] = tags[tags.length - 1]!;
    for (const [part, what] of [[key, 'key'], [text, 'value']] as const) {
      const length = [...part].length;
      if (length < 1 || length > 255) {
        throw new UsageError(`invalid ${flag} "${value.length > 40 ? `${value.slice(0, 40)}...` : value}": the tag ${what} must be 1 to 255 characters, not ${length}`);
      }
    }
    return tags;
  };
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

type TreeCommand = CommandUnknownOpts;

const HARDENED = new WeakSet<object>();

/**
 * Rules every command gets for free, applied to the whole tree:
 * - an option that takes a value refuses an empty one (`--timeout ''` used to
 *   mean "not given"), naming the flag, exit 2;
 * - `help <unknown>` is one "unknown command" line (with commander's
 *   did-you-mean), exit 2, instead of the whole help.
 */
export function hardenTree(command: TreeCommand): void {
  for (const option of command.options) {
    // Once each: the tree is hardened again when groups are added to it (addGroups).
    if ((!option.required && !option.optional) || HARDENED.has(option)) continue;
    HARDENED.add(option);
    const inner = option.parseArg as ((value: string, previous: unknown) => unknown) | undefined;
    const flag = option.long ?? option.short ?? option.flags;
    option.parseArg = ((value: string, previous: unknown) => {
      if (value.trim() === '') throw new UsageError(`empty value for ${flag}: give a value, or leave the flag out`);
      return inner ? inner(value, previous) : value;
    }) as typeof option.parseArg;
  }
  if (command.commands.length > 0 && !command.commands.some((c) => c.name() === 'help')) {
    // A real (hidden) help command wins over commander's built-in one, which only
    // shows the listing line and takes one name: this one takes a command path
    // (`cdba help clusters create`). The tree walks skip commands named help.
    command
      .command('help [command...]', { hidden: true })
      .helpOption(false)
      .action((path: string[]) => {
        let target = command;
        for (const name of path) {
          const next = target.commands.find((c) => c.name() !== 'help' && (c.name() === name || c.aliases().includes(name)));
          if (!next) {
            // commander's own unknown-command error, with its did-you-mean.
            target.args = [name];
            return (target as unknown as { unknownCommand(): never }).unknownCommand();
          }
          target = next;
        }
        return target.help();
      });
  }
  for (const sub of command.commands) if (sub.name() !== 'help') hardenTree(sub);
}
