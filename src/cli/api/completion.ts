// What completion offers after `cdba api <operationId>`: the operation's flags, and the
// values of one of them (its enum, or true/false), read from the description. The
// operation's command is made only when it runs (index.ts), so the scripts ask here
// (`cdba __complete api-operation-flags <operationId> [<flag>]`, flagsCompletedBy).
import type { Context } from '../../core/context.js';

/** Only words a shell line takes as they are: no blank, quote, `$` or other shell syntax. */
const SAFE_WORD = /^[A-Za-z0-9_.:,@%+=/-]+$/;

export async function operationFlagWords(_ctx: Context, name: string | undefined, flag?: string): Promise<string[]> {
  if (!name) return [];
  try {
    const { findOperation, loadDescription } = await import('../../api/description.js');
    const op = findOperation(await loadDescription(), name);
    if (!op) return [];
    const { operationOptions } = await import('./operation.js');
    const options = operationOptions(op);
    if (flag === undefined) return [...options.flatMap((o) => [o.long, o.short]).filter((f): f is string => Boolean(f)), '--help'];
    const option = options.find((o) => o.long === flag || o.short === flag);
    if (!option?.required) return [];
    const values = option.argChoices ?? (/<true\|false>/.test(option.flags) ? ['false', 'true'] : []);
    return values.filter((v) => SAFE_WORD.test(v));
  } catch {
    return [];
  }
}
