// Renders man(7) pages from the command tree. Deterministic: no dates, so the
// committed pages can be compared byte for byte with a fresh rendering.
import { EXIT_CODE_TABLE } from '../base/errors.js';
import { flatten, type CommandInfo } from '../cli/tree.js';

export interface ManPage {
  file: string;
  text: string;
}

/** Escapes text for roff: backslashes, hyphens, and control characters at line start. */
export function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

const header = (name: string, version: string, section = '1'): string =>
  `.TH ${name.toUpperCase().replace(/-/g, '\\-')} ${section} "" "cdba ${version}" "User Commands"\n`;

function optionsBlock(info: CommandInfo): string {
  return info.options
    .map((o) => {
      const choices = o.choices.length ? ` One of: ${o.choices.join(', ')}.` : '';
      const details = o.details ? ` ${o.details}.` : '';
      return `.TP\n.B ${roff(o.flags)}\n${roff(o.description)}.${roff(details)}${roff(choices)}\n`;
    })
    .join('');
}

function examplesBlock(info: CommandInfo): string {
  return info.examples
    .map(([description, command]) => `.PP\n${roff(description)}:\n.PP\n.RS 4\n.nf\n${roff(command)}\n.fi\n.RE\n`)
    .join('');
}

function commandSection(info: CommandInfo): string {
  const title = ['cdba', ...info.path].join(' ');
  const args = info.args.length
    ? `.PP\nArguments:\n${info.args.map((a) => `.TP\n.I ${roff(a.name)}\n${roff(a.description || (a.required ? 'required' : 'optional'))}\n`).join('')}`
    : '';
  const aliases = info.aliases.length ? `.PP\nAlias: ${roff(info.aliases.join(', '))}.\n` : '';
  return (
    `.SS "${roff(title)}"\n.PP\n.B ${roff(title)}\n${roff(info.usage)}\n.PP\n${roff(info.description)}.${info.about ? ` ${roff(info.about)}.` : ''}\n` +
    aliases + args + (info.options.length ? `.PP\nOptions:\n${optionsBlock(info)}` : '') +
    (info.examples.length ? `.PP\nExamples:\n${examplesBlock(info)}` : '') +
    (info.notes ? info.notes.split(/\n\s*\n/).map((p) => `.PP\n${roff(p.replace(/\s+/g, ' ').trim())}\n`).join('') : '')
  );
}

export interface MainPageFacts {
  environment: Array<[string, string]>;
  files: Array<[string, string]>;
  wireNames: Array<[string, string]>;
}

export function renderMainPage(root: CommandInfo, version: string, facts: MainPageFacts): ManPage {
  const groups = root.subcommands;
  const text =
    header('cdba', version) +
    `.SH NAME\ncdba \\- ${roff(root.description)}\n` +
    `.SH SYNOPSIS\n.B cdba\n[global options] <command> [arguments]\n` +
    `.SH DESCRIPTION\n${roff(root.description)}.\nstdout carries only the result; messages, warnings, prompts and progress go to stderr, each line starting with cdba: (the \\-\\-debug transcript's lines are marked > and < instead).\n` +
    `.SH COMMANDS\n${groups.map((g) => `.TP\n.B ${roff(g.name)}\n${roff(g.description)}; see\n.BR cdba\\-${roff(g.name)} (1).\n`).join('')}` +
    `.SH GLOBAL OPTIONS\n${optionsBlock(root)}` +
    `.SH ENVIRONMENT\n${facts.environment.map(([k, v]) => `.TP\n.B ${roff(k)}\n${roff(v)}\n`).join('')}` +
    `.SH FILES\n${facts.files.map(([k, v]) => `.TP\n.I ${roff(k)}\n${roff(v)}\n`).join('')}` +
    `.SH EXIT STATUS\n${EXIT_CODE_TABLE.map(({ code, meaning }) => `.TP\n.B ${code}\n${roff(meaning)}\n`).join('')}` +
    `.SH EXAMPLES\n${examplesBlock(root)}` +
    `.SH NAMES ON THE WIRE\nThe specification uses neutral words; on the wire they are:\n${facts.wireNames.map(([k, v]) => `.TP\n.B ${roff(k)}\n${roff(v)}\n`).join('')}` +
    `.SH SEE ALSO\n${groups.map((g) => `.BR cdba\\-${roff(g.name)} (1)`).join(',\n')}\n`;
  return { file: 'cdba.1', text };
}

export function renderGroupPage(group: CommandInfo, version: string): ManPage {
  const name = `cdba-${group.name}`;
  const commands = flatten(group);
  const text =
    header(name, version) +
    `.SH NAME\n${roff(name)} \\- ${roff(group.description)}\n` +
    `.SH SYNOPSIS\n${commands
      .filter((c) => c.subcommands.length === 0)
      .map((c) => `.B cdba ${roff(c.path.join(' '))}\n${roff(c.usage)}\n.br\n`)
      .join('')}` +
    `.SH DESCRIPTION\n${roff(group.description)}.\nGlobal options and exit codes are described in\n.BR cdba (1).\n` +
    `.SH COMMANDS\n${commands.map(commandSection).join('')}` +
    `.SH SEE ALSO\n.BR cdba (1)\n`;
  return { file: `${name}.1`, text };
}
