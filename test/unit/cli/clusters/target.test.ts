// Names are checked before any request; answers that are not a cluster are damaged (exit 7).
import { describe, expect, it } from 'vitest';
import { checkClusterName, clusterDocument } from '../../../../src/cli/clusters/target.js';
import { ExitCode, UsageError } from '../../../../src/base/errors.js';

describe('checkClusterName', () => {
  it('accepts the service rule: letters, digits, hyphens, at most 64, no hyphen at the ends', () => {
    for (const name of ['c1', 'Cluster0', 'a-b-c', '9lives', 'x'.repeat(64)]) expect(() => checkClusterName(name)).not.toThrow();
  });

  it('says why a name is refused', () => {
    const cases: Array<[string, string]> = [
      ['x'.repeat(65), 'it is longer than 64 characters'],
      ['trail-', 'it may not start or end with a hyphen'],
      ['-lead', 'it may not start or end with a hyphen'],
      ['', 'it is empty'],
      ['a_b', 'use only ASCII letters, digits and hyphens'],
      ['café', 'use only ASCII letters, digits and hyphens'],
      ['a b', 'use only ASCII letters, digits and hyphens'],
    ];
    for (const [name, why] of cases) {
      expect(() => checkClusterName(name)).toThrow(new UsageError(`invalid cluster name "${name}": ${why}`));
    }
  });
});

describe('clusterDocument', () => {
  const response = (body: unknown) => ({ status: 200, headers: {}, body: body as Record<string, unknown>, rawBody: '', url: 'http://127.0.0.1:1/x' });

  it('passes a JSON object through', () => {
    expect(clusterDocument(response({ name: 'c1' }))).toEqual({ name: 'c1' });
  });

  it('refuses anything else with exit 7', () => {
    for (const body of [undefined, null, [], 'x', 3]) {
      let caught: unknown;
      try {
        clusterDocument(response(body));
      } catch (error) {
        caught = error;
      }
      expect((caught as Error).message).toBe('expected a cluster document from http://127.0.0.1:1/x');
      expect((caught as { exitCode: number }).exitCode).toBe(ExitCode.server);
    }
  });
});
