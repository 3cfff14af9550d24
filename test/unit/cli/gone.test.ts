// isGone: which answers env up, down, extend and gc take for "not there" (skip it, or make it).
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../src/base/errors.js';
import { isGone } from '../../../src/cli/shared/gone.js';

const answer = (status: number, errorCode?: string): ApiError => new ApiError(status, errorCode ? { errorCode, detail: 'x' } : undefined);

describe('isGone', () => {
  it("takes a 404 naming the thing (or naming nothing) for gone", () => {
    for (const code of ['CLUSTER_NOT_FOUND', 'USERNAME_NOT_FOUND', 'ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND', 'SNAPSHOT_NOT_FOUND', 'RESOURCE_NOT_FOUND', undefined]) {
      expect(isGone(answer(404, code)), String(code)).toBe(true);
    }
  });

  it('does not take a missing project for a removed thing, nor any other failure', () => {
    expect(isGone(answer(404, 'GROUP_NOT_FOUND'))).toBe(false);
    expect(isGone(answer(409, 'CLUSTER_NOT_FOUND'))).toBe(false);
    expect(isGone(answer(500))).toBe(false);
    expect(isGone(new NetworkError('connection refused'))).toBe(false);
    expect(isGone(new Error('404'))).toBe(false);
  });
});
