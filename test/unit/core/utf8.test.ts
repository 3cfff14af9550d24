// decodeUtf8: strict UTF-8 for --file / --input / stdin, with the offset of the first bad byte.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { decodeUtf8 } from '../../../src/core/input.js';

const strict = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('decodeUtf8 (properties)', () => {
  it('valid UTF-8 decodes to the same text as the platform decoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeUtf8(Buffer.from(text, 'utf8'), 'f')).toBe(text);
      }),
    );
  });

  it('invalid bytes are refused; everything before the named offset is valid UTF-8, and the offset is inside the input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        if (strict(bytes)) return;
        let message = '';
        try {
          decodeUtf8(bytes, 'in.json');
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          message = (error as Error).message;
        }
        const offset = Number(/^in\.json: not valid UTF-8 at byte (\d+);/.exec(message)?.[1]);
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThan(bytes.length);
        expect(strict(bytes.subarray(0, offset))).toBe(true);
      }),
    );
  });

  it('names the first byte of a broken sequence', () => {
    const at = (bytes: number[]): string => {
      try {
        decodeUtf8(Uint8Array.from(bytes), 'x');
        return 'decoded';
      } catch (error) {
        return /byte (\d+)/.exec((error as Error).message)![1]!;
      }
    };
    expect(at([0x61, 0xe9, 0x62])).toBe('1'); // Latin-1 é
    expect(at([0x61, 0xe2, 0x82])).toBe('1'); // cut short at the end
    expect(at([0xc3, 0xa9, 0xff])).toBe('2'); // é, then a byte UTF-8 never uses
    expect(at([0xc3, 0xa9])).toBe('decoded');
  });
});
