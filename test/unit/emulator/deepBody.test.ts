// Issue 42, item 12: a body nested thousands of levels deep is refused with 400 by the one
// body parser every route shares (server.ts), before anything walks it. It used to reach the
// read-only rule's copy or a handler and end in 500 (database users, flex clusters, projects...).
// The routes come from the operations table: every operation with a body that a module serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS } from '../../../src/api/operations.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { MAX_BODY_DEPTH } from '../../../src/emulator/jsonText.js';
import { modules } from '../../../src/emulator/modules.js';
import { withEmulator } from '../../helpers/emulator.js';
import { OWNER, PROJECT_A, client, testSeed, v2 } from './fixtures.js';

const served = new Set(modules().flatMap((module) => Object.keys(module.operations ?? {})));
const withBody = OPERATION_NAMES.filter((name) => served.has(name) && (OPERATIONS[name].method === 'POST' || OPERATIONS[name].method === 'PATCH'));

const nested = (depth: number, wrap: 'object' | 'array'): string => {
  const inner = '['.repeat(depth - 1) + ']'.repeat(depth - 1);
  return wrap === 'array' ? `[${inner}]` : `{"a":${inner}}`;
};

describe('deep JSON bodies', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed() }));
  });
  afterAll(() => emu.stop());

  it('the table has routes with bodies, each served by a module', () => {
    expect(withBody.length).toBeGreaterThan(15);
    expect(withBody).toEqual(expect.arrayContaining(['databaseUsers.create', 'databaseUsers.update', 'flexClusters.create', 'projects.create', 'accessList.create']));
  });

  it.each(withBody)('%s: 400 for a body nested past the limit, and no 500 at the limit', async (name) => {
    const op = OPERATIONS[name];
    const path = `/api/atlas/v2${op.path.replace('{groupId}', PROJECT_A).replace(/\{[^}]+\}/g, 'x')}`;
    const c = client(emu, OWNER);
    const headers = { ...v2(op.versions.at(-1)!.date), 'Content-Type': 'application/json' };
    const wrap = name === 'accessList.create' ? 'array' : 'object';
    for (const depth of [20_000, MAX_BODY_DEPTH + 1]) {
      const deep = await c.request(op.method, path, { headers, body: nested(depth, wrap) });
      expect(deep.status, `${name} at depth ${depth}`).toBe(400);
      expect(deep.json.errorCode).toBe('MALFORMED_JSON');
    }
    const atLimit = await c.request(op.method, path, { headers, body: nested(MAX_BODY_DEPTH, wrap) });
    expect(atLimit.status, name).toBeLessThan(500);
    expect(emu.unexpectedErrors()).toEqual([]);
  });
});
