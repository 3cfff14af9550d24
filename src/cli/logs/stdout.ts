// A log to stdout (`--out -`): bytes as they come, or gunzipped with --decompress; the
// decompressed size capped as in a file. An empty body is the empty-file error (exit 17).
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { IO } from '../../base/io.js';
import { EmptyLogError, TooLargeError } from './writeFile.js';

export async function streamToStdout(io: IO, body: AsyncIterable<Uint8Array>, options: { decompress: boolean; maxBytes: number }): Promise<void> {
  let received = 0;
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(null, chunk);
    },
  });
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > options.maxBytes) return done(new TooLargeError(`the log passed ${options.maxBytes} bytes; stopped (raise --max-size to take more)`));
      if (io.out.write(chunk)) done();
      else io.out.once('drain', () => done());
    },
  });
  if (options.decompress) await pipeline(body, counter, createGunzip(), out);
  else await pipeline(body, counter, out);
  if (received === 0) throw new EmptyLogError('the service returned an empty file: the log has no lines for this window');
}
