// inOrderWindow: results in order, at most `concurrency` tasks besides the one
// being consumed, and no new task after a failure.
import { describe, expect, test } from 'vitest';
import { inOrderWindow } from '../../../src/api/pagination.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inOrderWindow', () => {
  test('yields in order while later tasks run, never more than the window ahead of the consumer', async () => {
    const started: number[] = [];
    let consumed = 0;
    let maxAhead = 0;
    const out: number[] = [];
    const items = Array.from({ length: 12 }, (_, i) => i);
    for await (const value of inOrderWindow(items, 3, async (i) => {
      started.push(i);
      maxAhead = Math.max(maxAhead, started.length - consumed);
      await tick((12 - i) % 4);
      return i * 10;
    })) {
      out.push(value);
      consumed++;
      await tick(1);
    }
    expect(out).toEqual(items.map((i) => i * 10));
    // The window of 3, plus the result the consumer is still handling.
    expect(maxAhead).toBeLessThanOrEqual(4);
    expect(maxAhead).toBeGreaterThan(1);
  });

  test('a failure is thrown in its turn, and no task starts after it', async () => {
    const started: number[] = [];
    const out: number[] = [];
    const run = async (): Promise<void> => {
      for await (const value of inOrderWindow([0, 1, 2, 3, 4, 5, 6, 7], 2, async (i) => {
        started.push(i);
        await tick(1);
        if (i === 2) throw new Error('page 2 failed');
        return i;
      })) out.push(value);
    };
    await expect(run()).rejects.toThrow('page 2 failed');
    expect(out).toEqual([0, 1]);
    expect(Math.max(...started)).toBeLessThanOrEqual(3);
  });
});
