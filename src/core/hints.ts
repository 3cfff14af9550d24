// Follow-up commands that cdba suggests carry the context of the invocation that
// suggested them: `cdba -P big clusters patch c14` must not hint at a watch that
// runs against another profile, project or service. One helper builds them.
//
//   followUp(globals, 'clusters', 'watch', name)  -> "cdba -P big clusters watch c14"
//   ctx.followUp('clusters', 'watch', name)       -> the same, from a command
//   withContext(hint, globals)                    -> every `cdba <command>` in a free-text
//                                                    hint rewritten (main.ts does it for
//                                                    every error hint, so layers without a
//                                                    context, such as src/api, are covered)

import { shellWord } from '../base/shellWord.js';

/** The global flags that decide where a command runs, as commander parsed them. */
export interface InvocationContext {
  profile?: string | undefined;
  projectId?: string | undefined;
  baseUrl?: string | undefined;
  apiVersion?: string | undefined;
}

/**
 * The top-level commands a hint may suggest, as the command tree names them
 * (buildProgram registers them); `cdba` followed by any other word is prose ("this cdba knows").
 */
const COMMANDS = new Set<string>();
/** Offline commands: no service, no profile, so no context to carry. */
const OFFLINE = ['clusters convert', 'conn-string parse'];


/** Called by buildProgram with the tree's top-level command names. */
export function registerHintCommands(names: Iterable<string>): void {
  for (const name of names) COMMANDS.add(name);
}

/** The invocation's -P, --project-id, --base-url and --api-version, those given as flags, as words. */
export function contextFlags(context: InvocationContext): string[] {
  const flags: string[] = [];
  if (context.profile !== undefined) flags.push('-P', shellWord(context.profile));
  if (context.projectId !== undefined) flags.push('--project-id', shellWord(context.projectId));
  if (context.baseUrl !== undefined) flags.push('--base-url', shellWord(context.baseUrl));
  if (context.apiVersion !== undefined) flags.push('--api-version', shellWord(context.apiVersion));
  return flags;
}

/** `cdba <context flags> <words>`, each word quoted as the shell needs. */
export function followUp(context: InvocationContext, ...words: string[]): string {
  return ['cdba', ...contextFlags(context), ...words.map(shellWord)].join(' ');
}

/**
 * A command of another tool (aws, gcloud) that a hint prints, every word quoted as
 * followUp quotes cdba's: a value the server sent (a network name, a connection ID)
 * is one word when pasted, and runs nothing.
 */
export function toolCommand(...words: string[]): string {
  return words.map(shellWord).join(' ');
}

/** What to do when profiles exist but none is selected: `profile use`, and `profile list` to find one. */
export const CHOOSE_PROFILE = 'choose one with `cdba profile use <name>` (`cdba profile list` shows them)';

/** How to make another project the profile's: `projects use`, and `projects list` to find one. */
export function pickProjectHint(context: InvocationContext): string {
  return `choose another with \`${followUp(context, 'projects', 'use')} <id|name>\` (\`${followUp(context, 'projects', 'list')}\` shows them)`;
}

/** Inserts the context flags after every `cdba` that starts a suggested command in `text`. */
export function withContext(text: string, context: InvocationContext): string {
  const flags = contextFlags(context);
  if (flags.length === 0 || COMMANDS.size === 0) return text;
  const offline = OFFLINE.map((c) => `${c}\\b`).join('|');
  return text.replace(new RegExp(`\\bcdba (?!${offline})(?=(?:${[...COMMANDS].join('|')})\\b)`, 'g'), `cdba ${flags.join(' ')} `);
}
