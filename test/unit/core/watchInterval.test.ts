import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { DEFAULT_WATCH_INTERVALS, watchIntervalsFromEnv } from '../../../src/core/watch.js';
import { cdba } from '../../helpers/inProcess.js';

describe('CDBA_WATCH_INTERVAL', () => {
  it('unset or empty: the defaults (1 s, doubling to 10 s)', () => {
    expect(watchIntervalsFromEnv({})).toBeUndefined();
    expect(watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: '' })).toBeUndefined();
    expect(DEFAULT_WATCH_INTERVALS).toEqual({ firstMs: 1000, maxMs: 10_000 });
  });

  it('a duration from 100ms to 10s is the first wait; the back-off keeps its 10 s ceiling', () => {
    expect(watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: '250ms' })).toEqual({ firstMs: 250, maxMs: 10_000 });
    expect(watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: '2s' })).toEqual({ firstMs: 2000, maxMs: 10_000 });
    expect(watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: '0.1' })).toEqual({ firstMs: 100, maxMs: 10_000 });
  });

  it('anything else is a usage error naming the variable', () => {
    for (const bad of ['soon', '50ms', '0', '11s', '1h', '-1s']) {
      expect(() => watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: bad }), bad).toThrow(UsageError);
      expect(() => watchIntervalsFromEnv({ CDBA_WATCH_INTERVAL: bad }), bad).toThrow(/^invalid CDBA_WATCH_INTERVAL /);
    }
  });
});

it('a bad CDBA_WATCH_INTERVAL stops any command with one line and exit 2, before a request (no server is there to answer)', async () => {
  const result = await cdba(['clusters', 'create', 'c1', '--tier', 'M10', '--watch'], {
    env: { CDBA_WATCH_INTERVAL: '5ms', CDBA_BASE_URL: 'http://127.0.0.1:9', CDBA_PROJECT_ID: 'ab'.repeat(12), CDBA_PUBLIC_KEY: 'pub', CDBA_PRIVATE_KEY: 'priv' },
  });
  expect(result.exitCode).toBe(2);
  expect(result.stderr).toBe('cdba: invalid CDBA_WATCH_INTERVAL "5ms": expected a duration from 100ms to 10s, like 250ms or 2s\n');
});
