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

type HelpHooks = Pick<Help, 'prepareContext' | 'padWidth' | 'formatItem'>;

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
      ...(helper.showGlobalOptions ? helper.visibleGlobalOptions(cmd).map((o) => helper.optionTerm(o)) : []),
      ...helper.visibleCommands(cmd).map((c) => helper.subcommandTerm(c)),
      ...helper.visibleArguments(cmd).map((a) => helper.argumentTerm(a)),
    ].map((term) => helper.displayWidth(term));
    return Math.max(0, ...terms.filter((width) => width <= room));
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

/** Prose after the help, its paragraphs (split by blank lines) wrapped to the width. */
export function helpProse(text: string): AfterHelp {
  return ({ error, command }) => {
    const width = widthFor(command, error);
    return `${text.split(/\n\s*\n/).map((p) => wrap(p.split(/\s+/).filter(Boolean), width, '', '').join('\n')).join('\n\n')}\n`;
  };
}

/** The Examples section: descriptions wrapped, commands broken with ` \\` between shell words, so they still paste. */
export function helpExamples(examples: Array<[string, string]>): AfterHelp {
  return ({ error, command }) => {
    const width = widthFor(command, error);
    const shown = examples.map(([what, line]) => [...wrap(what.split(' '), width, '  # ', '  # '), ...wrap(shellWords(line), width, '  $ ', '      ', ' \\')].join('\n'));
    return `\nExamples:\n${shown.join('\n\n')}\n`;
  };
}
