// The recipe of docs/ARCHITECTURE.md, followed once: a fixture resource (widgets,
// test/fixtures/widgets/) declared by a table entry, an API module and emulator
// handlers, and nothing else. The client, the `api` passthrough's version
// resolution and the emulator's router all pick it up from that declaration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/client.js';
import { OPERATION_NAMES, registerOperations } from '../../../src/api/operations.js';
import { apiEventsFor } from '../../../src/core/apiEvents.js';
import { IO } from '../../../src/base/io.js';
import { registerHandlers, type RunningEmulator } from '../../../src/emulator/index.js';
import { getWidget, listWidgets } from '../../fixtures/widgets/api.js';
import { registerWidgets } from '../../fixtures/widgets/register.js';
import { accept, DigestClient, withEmulator } from '../../helpers/emulator.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';

let emu: RunningEmulator;
let env: Record<string, string>;
let unregisterWidgets: () => void;
beforeAll(async () => {
  unregisterWidgets = registerWidgets();
  ({ emu, env } = await withEmulator());
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
  // Test files share their worker's modules (vitest.config.ts): leave the table as found.
  unregisterWidgets();
});

function clientAt(apiVersion: string): ApiClient {
  const { owner, projectId } = emu.defaults;
  const settings = { profileName: 'test', baseUrl: emu.url, publicKey: owner.publicKey, privateKey: owner.privateKey, projectId, apiVersion, service: 'atlas' };
  return createApiClient({ settings, events: apiEventsFor(IO.test()), configDir: tempDir(), userAgentVersion: 'test' });
}

describe('a resource declared by the recipe', () => {
  it('the client calls each operation at its own version from the table, and the emulator serves it', async () => {
    const client = clientAt('2024-10-23');
    try {
      const list = await listWidgets(client, emu.defaults.projectId);
      expect(list.servedVersion).toBe('2023-02-01');
      expect(list.body.results.map((w) => w.name)).toEqual(['alpha', 'beta']);
      const one = await getWidget(client, emu.defaults.projectId, 'w-2');
      expect(one.servedVersion).toBe('2023-01-01');
      expect(one.headers.deprecation).toBe('Wed, 1 Feb 2023 00:00:00 GMT');
      expect(one.body).toEqual({ id: 'w-2', name: 'beta', groupId: emu.defaults.projectId });
      await expect(getWidget(client, emu.defaults.projectId, 'w-9')).rejects.toMatchObject({ status: 404 });
    } finally {
      await client.close();
    }
  });

  it('the legacy API serves it too: the router matches both flavours', async () => {
    const client = clientAt('v1.0');
    try {
      const list = await listWidgets(client, emu.defaults.projectId);
      expect(list.servedVersion).toBe('v1.0');
      expect(list.body.totalCount).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('the api passthrough resolves a raw path to the operation and its version', async () => {
    const result = await cdba(['--api-version', '2024-10-23', 'api', '/groups/{projectId}/widgets/w-1', '--include'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^content-type: application\/vnd\.atlas\.2023-01-01\+json/im);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toMatchObject({ id: 'w-1', name: 'alpha' });
    expect(result.stderr).toMatch(/deprecat/i);
  });

  it('a pinned version older than the operation\'s first is refused before any request (exit 2)', async () => {
    emu.resetStats();
    const result = await cdba(['--api-version', '2023-01-01', 'api', '/groups/{projectId}/widgets'], { env });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('cdba: API version 2023-01-01 is older than the first version of widgets (2023-02-01); use --api-version 2023-02-01 or later, or v1.0\n');
    expect(emu.stats().total).toBe(0);
  });

  it('the router knows the methods and versions the table gives: 405 for others, 406 for an undeclared version', async () => {
    const http = new DigestClient(emu.url, emu.defaults.owner.publicKey, emu.defaults.owner.privateKey);
    const path = `/api/atlas/v2/groups/${emu.defaults.projectId}/widgets`;
    const deleted = await http.request('DELETE', path, { headers: accept('2023-02-01') });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET, HEAD');
    const wrong = await http.request('GET', path, { headers: accept('2023-01-01') });
    expect(wrong.status).toBe(406);
    expect(wrong.json.errorCode).toBe('INVALID_VERSION_DATE');
  });

  it('registration refuses a taken name, a clashing path, and a handler for an undeclared operation', () => {
    const decl = { resource: 'widgets', method: 'GET', path: '/groups/{groupId}/widgets', versions: [{ date: '2023-02-01' }] } as const;
    expect(() => registerOperations({ 'widgets.list': decl })).toThrow('operation widgets.list is already declared');
    expect(() => registerOperations({ 'widgets.other': decl } as never)).toThrow('GET /groups/{groupId}/widgets is already widgets.list');
    expect(() => registerHandlers({ 'gadgets.list': { handler: () => ({ status: 200, body: {} }), action: 'read' } } as never)).toThrow(
      'operation gadgets.list is not in the table',
    );
  });

  it('what registration returns takes the operations and their routes out again', async () => {
    const undoOperations = registerOperations({ 'gadgets.list': { resource: 'gadgets', method: 'GET', path: '/groups/{groupId}/gadgets', versions: [{ date: '2023-02-01' }] } } as never);
    const undoHandlers = registerHandlers({ 'gadgets.list': { handler: () => ({ status: 200, body: { results: [] } }), action: 'read' } } as never);
    const http = new DigestClient(emu.url, emu.defaults.owner.publicKey, emu.defaults.owner.privateKey);
    const path = `/api/atlas/v2/groups/${emu.defaults.projectId}/gadgets`;
    expect((await http.request('GET', path, { headers: accept('2023-02-01') })).status).toBe(200);
    undoHandlers();
    undoOperations();
    expect((await http.request('GET', path, { headers: accept('2023-02-01') })).status).toBe(404);
    expect(OPERATION_NAMES).not.toContain('gadgets.list');
  });
});
