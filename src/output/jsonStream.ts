// JSON output written in slices, byte for byte what JSON.stringify(value) or
// JSON.stringify(value, null, 2) would give. `list --all` of 10,000 clusters is a
// 17.7 MB document: built as one string it sits in memory twice (the string, then
// the Buffer queued on stdout) on top of the parsed results, which put the peak
// RSS past its target (test/bench/RESULTS.md, figure 5). Here only the top level
// and its arrays are walked by hand; every array item, and every other value, is
// still serialised by JSON.stringify itself, so escaping and number formats are V8's.

import type { Writable } from 'node:stream';
import type { IO } from '../base/io.js';
import { terminalSafeJson } from '../base/sanitize.js';

/** Array items per slice: big enough that the per-write cost vanishes, small enough to stay a few hundred kB. */
export const ITEMS_PER_SLICE = 500;

/**
 * The serialisation of `value` as consecutive strings whose concatenation is
 * `JSON.stringify(value, null, indent || undefined)` (the caller adds the newline).
 * `value` must not be undefined (the caller prints null for that, as before).
 */
export function* jsonSlices(value: unknown, indent: 0 | 2): Generator<string, void, undefined> {
  if (Array.isArray(value) && !hasToJSON(value)) {
    yield* arraySlices(value, indent, '');
    return;
  }
  if (!isPlainObject(value)) {
    yield stringify(value, indent) ?? 'null';
    return;
  }
  const pad = indent ? '\n' + ' '.repeat(indent) : '';
  const colon = indent ? ': ' : ':';
  let head = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    const prefix = `${head}${first ? '' : ','}${pad}${JSON.stringify(key)}${colon}`;
    if (Array.isArray(member) && !hasToJSON(member)) {
      yield prefix;
      yield* arraySlices(member, indent, ' '.repeat(indent));
    } else {
      const text = stringify(member, indent);
      if (text === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
      yield prefix + indented(text, indent);
    }
    head = '';
    first = false;
  }
  yield first ? '{}' : `${head}${indent ? '\n' : ''}}`;
}

/** An array at nesting depth `outer` (its closing bracket's indentation). */
function* arraySlices(list: unknown[], indent: 0 | 2, outer: string): Generator<string, void, undefined> {
  if (list.length === 0) {
    yield '[]';
    return;
  }
  const inner = outer + ' '.repeat(indent);
  const separator = indent ? `,\n${inner}` : ',';
  let slice = indent ? `[\n${inner}` : '[';
  for (let i = 0; i < list.length; i++) {
    const item = stringify(list[i], indent);
    // In an array, undefined, functions and symbols become null, as JSON.stringify does.
    slice += (i === 0 || i % ITEMS_PER_SLICE === 0 ? '' : separator) + reindent(item ?? 'null', inner);
    if ((i + 1) % ITEMS_PER_SLICE === 0 && i + 1 < list.length) {
      yield slice;
      slice = separator;
    }
  }
  yield `${slice}${indent ? `\n${outer}` : ''}]`;
}

function stringify(value: unknown, indent: 0 | 2): string | undefined {
  return indent ? JSON.stringify(value, null, indent) : JSON.stringify(value);
}

/** A member of the top-level object: its inner lines move one level in. */
function indented(text: string, indent: 0 | 2): string {
  return indent ? reindent(text, ' '.repeat(indent)) : text;
}

/** JSON text never holds a raw newline inside a string, so every newline starts a line of structure. */
function reindent(text: string, by: string): string {
  return by === '' ? text : text.replaceAll('\n', `\n${by}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || hasToJSON(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function hasToJSON(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/**
 * Writes JSON `text` to stdout and, when its buffer is full, waits for it to drain, so output
 * never sits in memory whole. On a terminal, what in server strings would act on it (C1,
 * bidi controls, line separators) is written escaped: the same JSON value, shown inert.
 */
export async function writeDraining(io: IO, text: string): Promise<void> {
  io.write(io.outIsTTY ? terminalSafeJson(text) : text);
  if (io.out.writableNeedDrain && !io.out.destroyed) await drained(io.out);
}

/** Resolves on 'drain', or when the stream closes or fails (the error is io's to report). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}
