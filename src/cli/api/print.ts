// The response document of `cdba api`, both forms: JSON as received (-o, --query apply),
// a body that is not JSON as it is (control characters shown escaped on a terminal).
import type { OutputFormat } from '../../config/settings.js';
import type { Context } from '../../core/context.js';
import { escapeControl } from '../../base/sanitize.js';
import { MAX_ANSWER_DEPTH, nestedDeeperThan } from '../../api/errors.js';

/** The command's format: a table only when asked for with -o; otherwise JSON (indented on a TTY). */
async function documentFormat(ctx: Context): Promise<OutputFormat> {
  const shown = await ctx.outputForm('response');
  return shown.form === 'document' ? shown.format : 'json';
}

export async function printDocument(ctx: Context, rawBody: string): Promise<void> {
  if (rawBody.trim() === '') return;
  let document: unknown;
  try {
    document = JSON.parse(rawBody);
    // Nested too deep to write out (an error's body: a 2xx one was refused already): shown as the text it is.
    if (nestedDeeperThan(document, MAX_ANSWER_DEPTH)) throw new Error('too deep');
  } catch {
    // Not JSON: the body as is into a pipe; on a terminal with control characters shown escaped (lines kept).
    const text = ctx.io.outIsTTY ? escapeControl(rawBody, { keepLines: true }) : rawBody;
    ctx.io.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  const { render } = await import('../../output/render.js');
  await render(ctx.io, document, { format: await documentFormat(ctx), query: ctx.globals.query });
}

