// readCapped decodes a body chunk by chunk: the text must be what decoding the
// whole body at once gives, wherever the chunks split it.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readCapped } from '../../../src/api/answers.js';

type Body = Parameters<typeof readCapped>[0];

function bodyOf(bytes: Uint8Array, cuts: number[]): Body {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const at of [...points, bytes.length]) {
    if (at > from) chunks.push(Buffer.from(bytes.subarray(from, at)));
    from = Math.max(from, at);
  }
  return Readable.from(chunks) as unknown as Body;
}

describe('readCapped', () => {
  test('the text is the whole body decoded at once, however the chunks split it (BOM, multi-byte, invalid bytes)', async () => {
    const bytes = fc.oneof(
      fc.string({ unit: 'binary' }).map((s) => new TextEncoder().encode(s)),
      fc.string({ unit: 'binary' }).map((s) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(s)])),
      fc.uint8Array({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(), { maxLength: 8 }), async (body, cuts) => {
        const text = await readCapped(bodyOf(body, cuts), {}, 1 << 20, 'GET', 'http://h/x');
        expect(text).toBe(new TextDecoder().decode(body));
      }),
      { numRuns: 200 },
    );
  });

  test('a character split between chunks, and a leading BOM split too', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"name":"é€😀"}')]);
    const text = await readCapped(bodyOf(body, [1, 2, 13, 15, 18, 20]), {}, 1 << 20, 'GET', 'http://h/x');
    expect(text).toBe('{"name":"é€😀"}');
  });

  test('a body past the limit is refused', async () => {
    const body = new TextEncoder().encode('x'.repeat(100));
    await expect(readCapped(bodyOf(body, [30, 60]), {}, 50, 'GET', 'http://h/x')).rejects.toThrow(/exceeds the .* limit/);
  });
});
