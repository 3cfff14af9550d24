// Help that fits the terminal (80 columns in a pipe, as commander does). Commander
// pads every term to the longest one and wraps descriptions only while that leaves
// 40 columns: one long term (`connect [options] <name> [mongosh-args...]`) left every
// description of `clusters --help` unwrapped, up to 235 columns. Here a term too
// long for the column goes on its own line, with its description below, so the
// others keep room to wrap; text added after the help (examples, notes) wraps too.
import { Help, type CommandUnknownOpts } from '@commander-js/extra-typings';

/** Narrowest a wrapped description gets: half the width, at most commander's 40. */
const wrapWidth = (helpWidth: number): number => Math.min(40, Math.floor(helpWidth / 2));

/** What commander's formatItem puts around a term: two spaces before it, two after. */
const ITEM_SPACE = 4;

type HelpHooks = Pick<Help, 'prepareContext' | 'padWidth' | 'formatItem' | 'formatHelp' | 'optionDescription' | 'subcommandDescription'>;

/**
 * What a group's help says of each of its commands: the command's summary if it has one,
 * else its description up to the first `:`, `;` or `. ` outside parentheses (what it does;
 * how, and its details, are in its own help).
 */
export function summaryOf(description: string): string {
  let depth = 0;
  for (let i = 0; i < description.length; i++) {
    const ch = description[i]!;
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === ':' || ch === ';' || (ch === '.' && description[i + 1] === ' ')) && i > 0) return description.slice(0, i).trimEnd();
  }
  return description;
}

/** More choices than this are named by their first few in help (the man page and completion have all). */
const CHOICES_SHOWN = 8;

/** How a global option is named in a subcommand's help: `-P/--profile`, `--query`. */
const optionName = (option: { short?: string | undefined; long?: string | undefined }): string =>
  [option.short, option.long].filter(Boolean).join('/');

/**
 * A subcommand's help names the global options in one wrapped list, after its own
 * options and commands: written out in full under each of some 60 commands they were
 * ~25 lines that pushed the command's own help off the screen. `cdba --help` (and
 * the cdba(1) man page) describes each. A group's own options are not among them.
 */
export function globalOptionsBlock(cmd: CommandUnknownOpts, width: number): string {
  if (!cmd.parent) return '';
  let root = cmd.parent;
  while (root.parent) root = root.parent;
  // The root's options only: a group's own options (`api`'s raw-form -X, --input, -H) are
  // its own, described by its help, and do not apply to its subcommands (`api listClusters`).
  // -h is each command's own; -V answers only at the top.
  const names = root.options.filter((option) => !option.hidden && option.long !== '--help' && option.long !== '--version').map(optionName);
  if (names.length === 0) return '';
  const words = names.map((name, i) => (i < names.length - 1 ? `${name},` : name));
  return `Global options (each described by cdba --help):\n${wrap(words, width, '  ', '  ').join('\n')}\n`;
}

/** Methods for configureHelp: `this` is commander's Help, whose defaults they call. */
export const HELP_LAYOUT: HelpHooks = {
  prepareContext(this: Help, context) {
    Help.prototype.prepareContext.call(this, context);
    this.minWidthToWrap = wrapWidth(this.helpWidth ?? 80);
  },

  /** The longest term that still leaves a description room to wrap; longer ones get their own line. */
  padWidth(this: Help, cmd, helper) {
    const room = (helper.helpWidth ?? 80) - ITEM_SPACE - helper.minWidthToWrap;
    const terms = [
      ...helper.visibleOptions(cmd).map((o) => helper.optionTerm(o)),
      ...helper.visibleCommands(cmd).map((c) => helper.subcommandTerm(c)),
      ...helper.visibleArguments(cmd).map((a) => helper.argumentTerm(a)),
    ].map((term) => helper.displayWidth(term));
    return Math.max(0, ...terms.filter((width) => width <= room));
  },

  /** A long list of choices (--tier's 35 sizes) takes one line, not nine: its first few, and how many in all. */
  optionDescription(this: Help, option) {
    const choices = option.argChoices;
    if (!choices || choices.length <= CHOICES_SHOWN) return Help.prototype.optionDescription.call(this, option);
    const described = Help.prototype.optionDescription.call(this, Object.assign(Object.create(Object.getPrototypeOf(option) as object) as typeof option, option, { argChoices: undefined }));
    const first = choices.slice(0, 3).map((c) => JSON.stringify(c)).join(', ');
    return `${described} (${choices.length} choices: ${first}, …; in the man page)`;
  },

  subcommandDescription(this: Help, cmd) {
    return cmd.summary() || summaryOf(cmd.description());
  },

  formatHelp(this: Help, cmd, helper) {
    const text = Help.prototype.formatHelp.call(this, cmd, helper);
    const globals = globalOptionsBlock(cmd, helper.helpWidth ?? 80);
    return globals ? `${text.trimEnd()}\n\n${globals}` : text;
  },

  formatItem(this: Help, term, termWidth, description, helper) {
    if (!description || helper.displayWidth(term) <= termWidth) return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
    return `  ${term}\n${Help.prototype.formatItem.call(this, '', termWidth, description, helper)}`;
  },
};

/** The width help is written at: the terminal's, or 80 (commander's default) when it is not one. */
function widthFor(command: CommandUnknownOpts, error: boolean): number {
  const output = command.configureOutput();
  return (error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.()) ?? 80;
}

/** Words of a shell command line, a quoted string kept whole: `a 'b c' d` is three. */
const shellWords = (line: string): string[] => line.match(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g) ?? [];

/** `text` in lines no wider than `width` (a longer word stays whole), each after `first` or then `rest`. */
function wrap(words: string[], width: number, first: string, rest: string, joiner = ''): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of words) {
    const start = line === first || line === rest;
    if (!start && line.length + 1 + word.length + joiner.length > width) {
      lines.push(`${line}${joiner}`);
      line = rest;
    }
    line += `${line === first || line === rest ? '' : ' '}${word}`;
  }
  return [...lines, line];
}

type AfterHelp = (context: { error: boolean; command: CommandUnknownOpts }) => string;

/** Lines a subcommand's --help may take, at 80 columns as on a terminal of any width: one screen (issue 43, item 14). */
export const HELP_SCREEN_LINES = 40;

/** What a command adds after its help: examples, and notes (paragraphs split by blank lines). */
export interface AfterHelpText {
  examples: Array<[string, string]>;
  notes?: string | undefined;
  /** The man page says more about the command or its options than --help does. */
  moreInManPage?: boolean | undefined;
}

/** The top-level command a command belongs to: its man page is cdba-<that>. */
function groupOf(command: CommandUnknownOpts): string {
  let group = command;
  while (group.parent?.parent) group = group.parent;
  return group.name();
}

/**
 * The Examples section and the notes: descriptions and prose wrapped, commands broken
 * with ` \\` between shell words, so they still paste. Under a subcommand the help fits
 * a screen: the notes, then as many examples (in order) as the lines left hold, and one
 * line naming the man page, which has every example. cdba's own help shows them all.
 */
export function helpAfter(read: () => AfterHelpText): AfterHelp {
  return ({ error, command }) => {
    const width = widthFor(command, error);
    const { examples, notes, moreInManPage } = read();
    const blocks = examples.map(([what, line]) => [...wrap(what.split(' '), width, '  # ', '  # '), ...wrap(shellWords(line), width, '  $ ', '      ', ' \\')]);
    const noteLines = notes ? ['', ...notes.split(/\n\s*\n/).flatMap((p, i) => [...(i > 0 ? [''] : []), ...wrap(p.split(/\s+/).filter(Boolean), width, '', '')])] : [];
    const section = (shown: string[][]): string[] => (shown.length ? ['', 'Examples:', ...shown.flatMap((b, i) => [...(i > 0 ? [''] : []), ...b])] : []);
    const page = `man cdba-${groupOf(command)}`;
    const options = moreInManPage ? 'more details' : '';
    let shown = blocks;
    let pointer: string[] = options ? ['', `More details: ${page}`] : [];
    if (command.parent) {
      const room = HELP_SCREEN_LINES - command.helpInformation({ error }).trimEnd().split('\n').length - noteLines.length;
      for (let k = blocks.length; k >= 0; k--) {
        shown = blocks.slice(0, k);
        const rest = blocks.length - k;
        const examplesLeft = `${rest} more example${rest === 1 ? '' : 's'}`;
        if (rest > 0) pointer = k === 0 ? ['', `Examples (${rest})${options ? ` and ${options}` : ''}: ${page}`] : ['', `${examplesLeft}${options ? ` and ${options}` : ''}: ${page}`];
        if (section(shown).length + pointer.length <= room) break;
      }
    }
    return [...section(shown), ...pointer, ...noteLines].join('\n');
  };
}
