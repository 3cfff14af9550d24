// The OpenAPI check of openapi.test.ts, for projects, organizations and the project IP
// access list: every emulator answer of those operations validates against the
// service's description of 2026-08 (the one that has them), and every one of them
// (but the few the emulator does not serve) answered a success at least once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';
import { OpenApiValidator } from './openapiValidator.js';

const ORG = '5f00000000000000000000cc';
/** Operations of these resources the description has and the emulator does not serve (no command needs them). */
const NOT_SERVED = ['PATCH /api/atlas/v2/groups/{groupId}', 'POST /api/atlas/v2/orgs', 'GET /api/atlas/v2/orgs/{orgId}', 'PATCH /api/atlas/v2/orgs/{orgId}', 'DELETE /api/atlas/v2/orgs/{orgId}'];

interface Seen {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** The description's path of a request path. */
function openApiPath(path: string): string {
  const bare = path.split('?')[0]!.replace(/\/$/, '');
  if (bare === '/api/atlas/v2/groups' || bare === '/api/atlas/v2/orgs') return bare;
  if (bare.startsWith('/api/atlas/v2/groups/byName/')) return '/api/atlas/v2/groups/byName/{groupName}';
  return bare
    .replace(/\/groups\/[^/]+/, '/groups/{groupId}')
    .replace(/\/accessList\/[^/]+/, '/accessList/{entryValue}');
}

const ours = (path: string): boolean => /^\/api\/atlas\/v2\/(orgs|groups($|\/byName|\/\{groupId\}($|\/accessList)))/.test(path);

describe('OpenAPI conformance (2026-08): projects, orgs, the IP access list', () => {
  let validator: OpenApiValidator;
  const clock = new TestClock(Date.now());
  let emu: RunningEmulator;
  const seen: Seen[] = [];

  beforeAll(async () => {
    validator = new OpenApiValidator();
    const seed = testSeed({
      orgs: [{ id: ORG, name: 'acme' }],
      projects: [
        { id: PROJECT_A, name: 'alpha', orgId: ORG, peering: true },
        { id: PROJECT_B, name: 'beta', orgId: ORG },
      ],
      clusters: [{ projectId: PROJECT_B, cluster: modernCreate('keeper') }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function call(c: DigestClient, method: string, path: string, options: RequestOptions = {}): Promise<void> {
    const response = await c.request(method, path, { ...options, headers: { ...v2('2023-01-01'), ...options.headers } });
    seen.push({ method, path: openApiPath(path), status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json ?? response.text });
  }

  it('the description accepts the recorded live answers of these operations (calibration)', () => {
    const recorded = readRecorded('recorded-resources').filter((r) => /^TestAccessList__/.test(r.file) && r.body.trim() !== '' && !r.file.includes('ipinfo'));
    expect(recorded.length).toBeGreaterThanOrEqual(5);
    for (const r of recorded) {
      const [, method, rest] = /__(GET|POST|DELETE)_api_atlas_v2_(.+)_\d+\.http$/.exec(r.file)!;
      const path = rest === 'groups' ? '/api/atlas/v2/groups' : rest!.includes('_accessList_') ? '/api/atlas/v2/groups/{groupId}/accessList/{entryValue}' : '/api/atlas/v2/groups/{groupId}/accessList';
      expect(validator.validate({ method: method!, path, status: r.status, contentType: r.headers['content-type'] ?? '', body: JSON.parse(r.body) }), r.file).toEqual([]);
    }
  });

  it('is not vacuous: it rejects an entry with a bad address and a project without its name', () => {
    const entry = '/api/atlas/v2/groups/{groupId}/accessList/{entryValue}';
    expect(validator.validate({ method: 'GET', path: entry, status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body: { ipAddress: 'nope', groupId: 'x' } })).not.toEqual([]);
    expect(validator.validate({ method: 'GET', path: '/api/atlas/v2/groups/{groupId}', status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body: { id: PROJECT_A } })).not.toEqual([]);
  });

  it('exercises every operation, its refusals included', async () => {
    const c = client(emu, OWNER);
    const reader = client(emu, READER);
    const list = `/api/atlas/v2/groups/${PROJECT_A}/accessList`;
    await call(c, 'GET', '/api/atlas/v2/orgs');
    await call(c, 'GET', '/api/atlas/v2/orgs?itemsPerPage=0'); // 400
    await call(c, 'GET', '/api/atlas/v2/groups');
    await call(c, 'GET', '/api/atlas/v2/groups?itemsPerPage=1&pageNum=2');
    await call(c, 'GET', `/api/atlas/v2/groups/${PROJECT_A}`);
    await call(c, 'GET', `/api/atlas/v2/groups/${'f'.repeat(24)}`); // 404
    await call(c, 'GET', '/api/atlas/v2/groups/byName/beta');
    await call(c, 'GET', '/api/atlas/v2/groups/byName/nothing'); // 404
    await call(c, 'POST', '/api/atlas/v2/groups', { body: { name: 'gamma', orgId: ORG } }); // 201
    await call(c, 'POST', '/api/atlas/v2/groups', { body: { name: 'gamma', orgId: ORG } }); // 409
    await call(c, 'POST', '/api/atlas/v2/groups', { body: { name: 'delta', orgId: ORG, id: PROJECT_A } }); // 400
    await call(reader, 'POST', '/api/atlas/v2/groups', { body: { name: 'delta', orgId: ORG } }); // 401
    await call(c, 'DELETE', `/api/atlas/v2/groups/${PROJECT_B}`); // 409 clusters
    const gamma = (await c.request('GET', '/api/atlas/v2/groups/byName/gamma', { headers: v2('2023-01-01') })).json.id as string;
    await call(c, 'DELETE', `/api/atlas/v2/groups/${gamma}`); // 202 {}

    await call(c, 'POST', list, { body: [{ ipAddress: '192.168.0.243', comment: 'test' }, { cidrBlock: '10.0.0.0/8' }, { cidrBlock: '2001:db8::/48' }] });
    await call(c, 'POST', list, { body: [{ awsSecurityGroup: 'sg-903004f8', comment: 'peered' }] });
    await call(c, 'POST', list, { body: [{ ipAddress: '10.1.1.1', deleteAfterDate: new Date(clock.now + 3_600_000).toISOString() }] });
    await call(c, 'POST', list, { body: [{ ipAddress: 'nope' }] }); // 400
    await call(reader, 'POST', list, { body: [{ ipAddress: '10.2.2.2' }] }); // 401
    await call(c, 'GET', list);
    await call(c, 'GET', `${list}?itemsPerPage=2&pageNum=2`);
    await call(c, 'GET', `${list}/192.168.0.243`);
    await call(c, 'GET', `${list}/2001:db8::%2F48`);
    await call(c, 'GET', `${list}/sg-903004f8`);
    await call(c, 'GET', `${list}/10.0.0.0%2F8/status`); // PENDING
    clock.advance(60_000);
    await call(c, 'GET', `${list}/10.0.0.0%2F8/status`); // ACTIVE
    await call(c, 'GET', `${list}/10.9.9.9`); // 404
    await call(c, 'DELETE', `${list}/10.0.0.0%2F8`); // 204
    await call(c, 'DELETE', `${list}/10.0.0.0%2F8`); // 404
    const statuses = [...new Set(seen.map((s) => s.status))].sort();
    expect(statuses).toEqual([200, 201, 202, 204, 400, 401, 404, 409]);
    expect(emu.unexpectedErrors()).toEqual([]);
  });

  it('validates every answer against the 2026-08 description', () => {
    expect(seen.length).toBeGreaterThan(25);
    const problems = seen.flatMap((s) => validator.validate(s).map((e) => `${s.method} ${s.path} ${s.status}: ${e}`));
    expect(problems).toEqual([]);
  });

  it('covered every operation of these resources in the description with a success', () => {
    const covered = new Set(seen.filter((s) => s.status < 300).map((s) => `${s.method} ${s.path}`));
    const expected = validator.operations().filter(({ path }) => ours(path)).map(({ method, path }) => `${method} ${path}`);
    expect(expected.length).toBeGreaterThanOrEqual(15);
    expect(expected.filter((key) => !covered.has(key) && !NOT_SERVED.includes(key))).toEqual([]);
  });
});
