// JSON bodies from `--file F` or `--file -` (stdin), checked before any request:
// size, emptiness, syntax with line and column, and (optionally) object shape.
import { open } from 'node:fs/promises';
import { parse, type ParseError } from 'jsonc-parser';
import { UsageError } from '../base/errors.js';
import type { IO } from '../base/io.js';

/** Cluster bodies are a few KB; anything near this is a mistake, not a body. */
export const MAX_INPUT_BYTES = 5 * 1024 * 1024;

export async function readInputText(io: IO, file: string, flag = '--file'): Promise<string> {
  const source = file === '-' ? 'stdin' : file;
  let text: string;
  if (file === '-') {
    if (io.inIsTTY) throw new UsageError(`${flag} -: stdin is a terminal; pipe the JSON in or give a file`);
    text = await readLimited(io.in, source);
  } else {
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`${flag}: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code ?? (error as Error).message}`);
    }
    try {
      const { size } = await handle.stat();
      if (size > MAX_INPUT_BYTES) throw tooLarge(source);
      text = await readLimited(handle.createReadStream(), source);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`${flag}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    } finally {
      await handle.close();
    }
  }
  if (text.trim() === '') throw new UsageError(`${flag}: ${source} is empty; expected a JSON document`);
  return text;
}

async function readLimited(stream: AsyncIterable<Buffer | string>, source: string): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > MAX_INPUT_BYTES) throw tooLarge(source);
    chunks.push(buffer);
  }
  return decodeUtf8(Buffer.concat(chunks), source).replace(/^\uFEFF/, '');
}

/**
 * Strict UTF-8: a byte that is not UTF-8 is refused, naming its offset, rather
 * than sent on as U+FFFD (a Latin-1 file would otherwise change silently).
 */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${source}: not valid UTF-8 at byte ${invalidUtf8Offset(bytes)}; save it as UTF-8`);
  }
}

/** The offset of the first byte that makes `bytes` invalid UTF-8 (the decoder itself decides). */
function invalidUtf8Offset(bytes: Uint8Array): number {
  // The longest prefix a streaming decoder accepts; the byte after it is the bad one.
  let good = 0;
  let bad = bytes.length;
  while (good < bad) {
    const mid = Math.ceil((good + bad) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid - 1;
    }
  }
  // If a multi-byte sequence was left open before that point, it is the one at fault.
  let lead = good - 1;
  while (lead >= 0 && good - lead <= 3 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  const byte = bytes[lead] ?? 0;
  const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return lead >= 0 && good - lead < length ? lead : good;
}

const tooLarge = (source: string): UsageError =>
  new UsageError(`${source} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; expected a JSON document`);

/** JSON.parse with the error placed at a line and column. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source}: invalid JSON at ${locateJsonError(text, (error as Error).message)}`);
  }
}

/**
 * "line L, column C: reason" for text JSON.parse refused with `message`. V8 places
 * most errors itself (Node 22 adds "(line L column C)"); for an unexpected token or
 * an early end it names no position, and jsonc-parser, held to strict JSON, does.
 */
function locateJsonError(text: string, message: string): string {
  const placed = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  let position: number;
  let reason: string;
  if (placed) {
    position = Number(placed[1]);
    reason = message.slice(0, placed.index);
  } else {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    position = Math.min(first?.offset ?? text.length, text.length);
    const token = text.slice(position, position + (first?.length ?? 0));
    reason = token === '' ? 'unexpected end of input' : `Unexpected token '${token.length > 20 ? `${token.slice(0, 20)}...` : token}'`;
  }
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  // The offending character may itself be a newline or tab: show it escaped, on one line.
  return `line ${line}, column ${column}: ${reason.replace(/[\r\n\t]/g, (c) => JSON.stringify(c).slice(1, -1))}`;
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
