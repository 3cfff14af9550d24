// A log to stdout (`--out -`): bytes as they come, or gunzipped with --decompress; the
// decompressed size capped as in a file. An empty body is the empty-file error (exit 17).
// On a terminal (only with --decompress: gzip is refused there) the text is server data
// shown as `cdba api` shows a text body: control characters escaped, lines and tabs kept;
// into a pipe or a file, the bytes as they are.
import { StringDecoder } from 'node:string_decoder';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { IO } from '../../base/io.js';
import { escapeControl } from '../../base/sanitize.js';
import { EmptyLogError, TooLargeError } from './writeFile.js';

/**
 * escapeControl(text, { keepLines: true }) over a stream of bytes: UTF-8 decoded across chunk
 * boundaries, and a CR at a chunk's end held until the next chunk says whether a newline follows.
 */
export function terminalText(): { write(chunk: Uint8Array): string; end(): string } {
  const decoder = new StringDecoder('utf8');
  let held = '';
  const escape = (text: string, last: boolean): string => {
    let all = held + text;
    held = '';
    if (!last && all.endsWith('\r')) {
      held = '\r';
      all = all.slice(0, -1);
    }
    return escapeControl(all, { keepLines: true });
  };
  return { write: (chunk) => escape(decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)), false), end: () => escape(decoder.end(), true) };
}

export async function streamToStdout(io: IO, body: AsyncIterable<Uint8Array>, options: { decompress: boolean; maxBytes: number }): Promise<void> {
  let received = 0;
  let written = 0;
  const terminal = io.outIsTTY ? terminalText() : undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(null, chunk);
    },
  });
  const send = (data: Buffer | string, done: () => void): void => {
    if (data.length === 0 || io.out.write(data)) done();
    else io.out.once('drain', () => done());
  };
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > options.maxBytes) return done(new TooLargeError(`the log passed ${options.maxBytes} bytes; stopped (raise --max-size to take more)`));
      send(terminal ? terminal.write(chunk) : chunk, done);
    },
    final(done) {
      send(terminal ? terminal.end() : '', done);
    },
  });
  if (options.decompress) await pipeline(body, counter, createGunzip(), out);
  else await pipeline(body, counter, out);
  if (received === 0) throw new EmptyLogError('the service returned an empty file: the log has no lines for this window');
}
