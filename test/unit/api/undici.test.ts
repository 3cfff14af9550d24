import { describe, expect, it } from 'vitest';
import * as undici from 'undici';
import { Agent, interceptors } from '../../../src/api/undici.js';

// src/api/undici.ts imports undici's files by path; these must stay the very
// objects the package entry exports, or a dependency update moved them.
describe('undici deep imports', () => {
  it('are the package entry’s Agent and retry interceptor', () => {
    expect(Agent).toBe(undici.Agent);
    expect(interceptors.retry).toBe(undici.interceptors.retry);
  });

});
