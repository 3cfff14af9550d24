// JSON bodies from `--file F` or `--file -` (stdin), checked before any request:
// size, emptiness, syntax with line and column, and (optionally) object shape.
import { decodeUtf8, MAX_BYTES, readBoundedPath, readBoundedStream, type ReadLimits } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { jsonSyntaxPlace } from '../base/jsonSyntax.js';
import { checkJsonText, findJsonTextProblem } from './jsonText.js';
import type { IO } from '../base/io.js';

export { decodeUtf8 } from '../base/boundedRead.js';

/** Cluster bodies are a few KB; anything near this is a mistake, not a body. */
export const MAX_INPUT_BYTES = MAX_BYTES.body;

/**
 * The text of `--file F` or `--file -`. A file may be a pipe (`--file /dev/stdin`,
 * `--file <(jq ...)`): every source is read through the one capped reader.
 */
export async function readInputText(io: IO, file: string, flag = '--file'): Promise<string> {
  const source = file === '-' ? 'stdin' : file;
  const limits: ReadLimits = { label: flag, maxBytes: MAX_INPUT_BYTES, expected: 'a JSON document' };
  let bytes: Buffer;
  if (file === '-') {
    if (io.inIsTTY) throw new UsageError(`${flag} -: stdin is a terminal; pipe the JSON in or give a file`);
    bytes = await readBoundedStream(io.in, source, limits, io.signal);
  } else {
    // A FIFO is read through the event loop: Ctrl-C and SIGTERM stop the wait for its writer.
    bytes = await readBoundedPath(file, limits, { signal: io.signal, onWait: (message) => io.note(`cdba: ${message}`) });
  }
  const text = decodeUtf8(bytes, source).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new UsageError(`${flag}: ${source} is empty; expected a JSON document`);
  return text;
}

/** JSON.parse with the error placed at a line and column. */
export function parseJson(text: string, source: string): unknown {
  // Depth first (nothing below may recurse that far), numbers once the syntax is known good.
  const problem = findJsonTextProblem(text);
  if (problem?.kind === 'depth') checkJsonText(text, source, problem);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: invalid JSON at ${jsonSyntaxPlace(text, (error as Error).message)}`);
  }
  checkJsonText(text, source, problem);
  return value;
}

/** Reads and parses a JSON object body; arrays and scalars are refused. */
export async function readJsonObject(io: IO, file: string, flag = '--file'): Promise<Record<string, unknown>> {
  const source = file === '-' ? 'stdin' : file;
  const value = parseJson(await readInputText(io, file, flag), source);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new UsageError(`${source}: expected a JSON object, got ${kind}`);
  }
  return value as Record<string, unknown>;
}
