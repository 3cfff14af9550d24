import { describe, expect, it } from 'vitest';
import { ATTEMPT_TIMEOUT, LOOKUP_DEADLINE_MS, lookupLimits } from '../../../src/cli/completion/lookupLimits.js';

describe('the completion lookup\'s deadline', () => {
  it('is 3 s, each attempt 2 s, unless CDBA_COMPLETE_TIMEOUT says otherwise', () => {
    expect(lookupLimits({})).toEqual({ deadlineMs: LOOKUP_DEADLINE_MS, attemptTimeout: ATTEMPT_TIMEOUT });
    expect(lookupLimits({ CDBA_COMPLETE_TIMEOUT: '10s' })).toEqual({ deadlineMs: 10_000, attemptTimeout: '10000ms' });
    expect(lookupLimits({ CDBA_COMPLETE_TIMEOUT: '1m30s' })).toEqual({ deadlineMs: 90_000, attemptTimeout: '90000ms' });
  });

  it('keeps the defaults for a value that is no duration: completion prints no errors', () => {
    for (const bad of ['', 'soon', '0', '-5s', '9999999h']) expect(lookupLimits({ CDBA_COMPLETE_TIMEOUT: bad }), bad).toEqual({ deadlineMs: LOOKUP_DEADLINE_MS, attemptTimeout: ATTEMPT_TIMEOUT });
  });
});
