// The response document of `cdba api`, both forms: JSON as received (-o, --query apply),
// a body that is not JSON as it is (control characters shown escaped on a terminal).
import type { OutputFormat } from '../../config/settings.js';
import type { Context } from '../../core/context.js';
import { escapeControl } from '../../base/sanitize.js';
import { InvalidResponseError, MAX_ANSWER_DEPTH, nestedDeeperThan } from '../../api/errors.js';

/** The command's format: a table only when asked for with -o; otherwise JSON (indented on a TTY). */
export async function documentFormat(ctx: Context): Promise<OutputFormat> {
  const shown = await ctx.outputForm('response');
  return shown.form === 'document' ? shown.format : 'json';
}

export async function printDocument(ctx: Context, rawBody: string): Promise<void> {
  if (rawBody.trim() === '') return;
  let document: unknown;
  try {
    document = JSON.parse(rawBody);
  } catch {
    // Not JSON: the body as is into a pipe; on a terminal with control characters shown escaped (lines kept).
    const text = ctx.io.outIsTTY ? escapeControl(rawBody, { keepLines: true }) : rawBody;
    ctx.io.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  // Too deep for what writes it out (JSON.stringify, --query recurse): a damaged answer, as elsewhere.
  if (nestedDeeperThan(document, MAX_ANSWER_DEPTH)) throw new InvalidResponseError(`the service answered with JSON nested more than ${MAX_ANSWER_DEPTH} levels deep`);
  const { render } = await import('../../output/render.js');
  await render(ctx.io, document, { format: await documentFormat(ctx), query: ctx.globals.query });
}

/**
 * A 2xx body of the raw form, as bytes: text (UTF-8, JSON or not) as printDocument prints it;
 * other bytes (a gzip log asked for by its path) as they are into a pipe or a file, and on a
 * terminal as text with control characters escaped.
 */
export async function printBody(ctx: Context, bytes: Buffer): Promise<void> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (!ctx.io.outIsTTY) {
      ctx.io.out.write(bytes);
      return;
    }
    text = bytes.toString('utf8');
  }
  await printDocument(ctx, text);
}
