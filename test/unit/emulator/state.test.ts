import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { buildDefaultSeed, loadSeedFile, startEmulator, validateSeed } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_A, TestClock, client, modernCreate, v2 } from './fixtures.js';
import { tempDir } from '../../helpers/cli.js';
import { start } from '../../helpers/inProcess.js';

const stateDir = () => tempDir('cdba-emu-state-');

describe('state file', () => {
  it('persists each acknowledged change before answering, and survives a restart with the same credentials', async () => {
    const dir = stateDir();
    const statePath = join(dir, 'state.json');
    const clock = new TestClock();
    const first = await startEmulator({ statePath, clock: clock.read });
    const { projectId, owner } = first.defaults;
    const path = `/api/atlas/v2/groups/${projectId}/clusters`;

    // Private IP mode first: it cannot be turned on once the project has a dedicated cluster.
    const ipMode = await client(first).request('PATCH', `/api/atlas/v1.0/groups/${projectId}/privateIpMode`, { body: { enabled: true } });
    expect(ipMode.json.enabled).toBe(true);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).world.projects[0].privateIpMode).toBe(true);

    const created = await client(first).request('POST', path, { headers: v2('2023-02-01'), body: modernCreate('durable') });
    expect(created.status).toBe(201);
    // Read the file the moment the answer arrives: the cluster is already on disk.
    const onDisk = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(onDisk.world.clusters.map((c: { model: { name: string } }) => c.model.name)).toEqual(['durable']);
    expect(statSync(statePath).mode & 0o777).toBe(0o600);
    await first.stop();

    clock.advance(5000);
    const second = await startEmulator({ statePath, clock: clock.read });
    try {
      expect(second.defaults.projectId).toBe(projectId);
      expect(second.defaults.owner).toEqual(owner);
      const again = await client(second, owner).request('GET', `${path}/durable`, { headers: v2('2023-02-01') });
      expect(again.status).toBe(200);
      expect(again.json.id).toBe(created.json.id);
      expect(again.json.stateName).toBe('IDLE'); // the transition deadline was stored with the cluster
      expect((await client(second).request('GET', `/api/atlas/v1.0/groups/${projectId}/privateIpMode`)).json.enabled).toBe(true);

      const deleted = await client(second).request('DELETE', `${path}/durable`, { headers: v2('2023-02-01') });
      expect(deleted.status).toBe(202);
      expect(JSON.parse(readFileSync(statePath, 'utf8')).world.clusters[0].model.stateName).toBe('DELETING');
    } finally {
      await second.stop();
    }
    expect(readdirSync(dir)).toEqual(['state.json']); // no temp files left behind
  });

  it('--seed beside a --state file that exists: the state wins, and the start says the seed was not used', async () => {
    const dir = stateDir();
    const statePath = join(dir, 'state.json');
    const seedOf = (name: string) => ({ projects: [{ id: PROJECT_A, name }], apiKeys: [{ publicKey: 'ownerkey', privateKey: '11111111-2222-3333-4444-555555555555', roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' as const }] }] });
    const first = await startEmulator({ seed: seedOf('first'), statePath });
    expect(first.warnings).toEqual([]); // no state file yet: the seed is used
    await first.stop();
    const second = await startEmulator({ seed: seedOf('other'), statePath });
    try {
      expect(second.warnings).toEqual([`--seed ignored: --state ${statePath} exists (delete it to start from the seed)`]);
      expect(second.state().projects.map((p) => p.name)).toEqual(['first']);
    } finally {
      await second.stop();
    }
    const restarted = await startEmulator({ statePath }); // the same state without a seed: nothing to say
    expect(restarted.warnings).toEqual([]);
    await restarted.stop();

    // cdba emulator prints it, one warning line, and runs on.
    writeFileSync(join(dir, 'other.json'), JSON.stringify(seedOf('other')));
    const run = start(['emulator', '--seed', join(dir, 'other.json'), '--state', statePath]);
    try {
      await run.seen(/emulator running/);
      expect(run.stderr()).toContain(`cdba: warning: --seed ignored: --state ${statePath} exists (delete it to start from the seed)\n`);
      expect(run.stderr().match(/warning/g)).toHaveLength(1);
    } finally {
      run.interrupt();
      expect((await run.result).exitCode).toBe(0);
    }
  });

  it('keeps the project\'s custom DNS for AWS peering across a restart; a file written before it has it off', async () => {
    const dir = stateDir();
    const statePath = join(dir, 'state.json');
    const first = await startEmulator({ statePath });
    const path = `/api/atlas/v2/groups/${first.defaults.projectId}/awsCustomDNS`;
    const { owner } = first.defaults;
    const on = await client(first).request('PATCH', path, { headers: v2('2023-01-01'), body: { enabled: true } });
    expect(on.json).toEqual({ enabled: true });
    expect(JSON.parse(readFileSync(statePath, 'utf8')).world.projects[0].awsCustomDns).toBe(true);
    await first.stop();
    const second = await startEmulator({ statePath });
    try {
      expect((await client(second, owner).request('GET', path, { headers: v2('2023-01-01') })).json).toEqual({ enabled: true });
    } finally {
      await second.stop();
    }
    // A state file written before the setting: the projects load with it off.
    const file = JSON.parse(readFileSync(statePath, 'utf8')) as { world: { projects: Array<Record<string, unknown>> } };
    for (const project of file.world.projects) delete project.awsCustomDns;
    writeFileSync(statePath, JSON.stringify(file));
    const third = await startEmulator({ statePath });
    try {
      expect((await client(third, owner).request('GET', path, { headers: v2('2023-01-01') })).json).toEqual({ enabled: false });
    } finally {
      await third.stop();
    }
  });

  it('refuses a file that is not an emulator state file', async () => {
    const statePath = join(stateDir(), 'bad.json');
    writeFileSync(statePath, '{"hello": 1}');
    await expect(startEmulator({ statePath })).rejects.toThrow(/not an emulator state file/);
  });
});

describe('seed file', () => {
  const exampleSeed = {
    projects: [
      {
        id: PROJECT_A,
        name: 'demo',
        privateIpMode: false,
        peering: false,
        privateEndpoints: [{ provider: 'AWS', region: 'us-east-1', endpointId: 'vpce-0a1b2c3d4e5f60718', regionalized: false }],
      },
    ],
    apiKeys: [
      {
        publicKey: 'abcdefgh',
        privateKey: '8c6f3b0e-2b43-4f6f-9d1e-0f3c4b5a6d7e',
        accessList: ['127.0.0.1/32', '::1/128'],
        roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }],
      },
    ],
    serviceAccounts: [{ clientId: 'mdb_sa_id_1', clientSecret: 'mdb_sa_sk_1', roles: [{ projectId: PROJECT_A, roleName: 'GROUP_READ_ONLY' }] }],
    clusters: [
      { projectId: PROJECT_A, cluster: modernCreate('seeded-modern'), legacyStrings: false },
      {
        projectId: PROJECT_A,
        cluster: { name: 'seeded-legacy', providerSettings: { providerName: 'AZURE', instanceSizeName: 'M10', regionName: 'US_EAST_2' } },
        legacyStrings: true,
      },
    ],
    rateLimit: { perMinute: 100 },
    transitionMs: 50,
  };

  it('loads the documented format; seeded clusters start IDLE with their strings', async () => {
    const file = join(stateDir(), 'seed.json');
    writeFileSync(file, JSON.stringify(exampleSeed));
    const seed = loadSeedFile(file);
    const clock = new TestClock();
    const { emu } = await withEmulator({ seed, clock: clock.read });
    try {
      expect(emu.defaults.owner).toEqual({ publicKey: 'abcdefgh', privateKey: exampleSeed.apiKeys[0]!.privateKey });
      expect(emu.defaults.readOnly).toEqual({ publicKey: '', privateKey: '' }); // the seed has no read-only key
      expect(emu.defaults.serviceAccount.clientId).toBe('mdb_sa_id_1');
      const list = await client(emu).request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`);
      expect(list.json.results.map((r: { name: string; stateName: string }) => [r.name, r.stateName])).toEqual([
        ['seeded-modern', 'IDLE'],
        ['seeded-legacy', 'IDLE'],
      ]);
      const legacy = list.json.results[1];
      expect(legacy.providerSettings.providerName).toBe('AZURE');
      expect(legacy.connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\/seeded-legacy-[a-z0-9]+\.azure\.mongodb\.net$/);
      // transitionMs from the seed: a new cluster is IDLE 50 ms later.
      await client(emu).request('POST', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`, {
        body: { name: 'quick', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } },
      });
      const state = async () => (await client(emu).request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters/quick`)).json.stateName;
      clock.advance(49);
      expect(await state()).toBe('CREATING');
      clock.advance(1);
      expect(await state()).toBe('IDLE');
    } finally {
      await emu.stop();
    }
  });

  it('reports every problem, naming the entry, as a usage error', () => {
    const bad = {
      projects: [{ id: 'not-hex', name: 'x', colour: 'red', awsCustomDns: 'yes' }],
      apiKeys: [{ publicKey: 'toolongkey', privateKey: '', accessList: ['300.1.1.1/8'], roles: [{ projectId: PROJECT_A, roleName: 'GROUP_ADMIN' }] }],
      clusters: [{ projectId: PROJECT_A, cluster: { name: 'bad_name', replicationSpecs: [] } }],
      transitionMs: -1,
    };
    let error: unknown;
    try {
      validateSeed(bad, 'seed.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    for (const fragment of [
      'seed.json is not a valid seed',
      'projects[0].id: "not-hex" is not a 24-hex project id',
      'projects[0]: unknown field "colour"',
      'projects[0].awsCustomDns: must be true or false',
      'apiKeys[0].publicKey: "toolongkey" is not 8 lowercase letters or digits',
      'apiKeys[0].privateKey: must be a non-empty string',
      'apiKeys[0].accessList[0]: "300.1.1.1/8" is not a CIDR block or IP address',
      'apiKeys[0].roles[0].projectId: "6a799efbc0eb9e7a177d7e0e" is not one of the seed\'s projects',
      'apiKeys[0].roles[0].roleName: must be one of GROUP_OWNER, GROUP_CLUSTER_MANAGER, GROUP_READ_ONLY',
      'clusters[0].cluster.name: "bad_name" is not a valid cluster name',
      'transitionMs: must be a whole number',
    ]) {
      expect(message).toContain(fragment);
    }
    expect(message).not.toContain('8c6f3b0e'); // no secrets in messages
  });

  it('names the file when it cannot be read or parsed', () => {
    expect(() => loadSeedFile('/nonexistent/seed.json')).toThrow(/--seed: cannot read \/nonexistent\/seed.json: no such file or directory$/);
    const file = join(stateDir(), 'broken.json');
    writeFileSync(file, '{ nope');
    expect(() => loadSeedFile(file)).toThrow(new RegExp(`${file} is not valid JSON`));
  });

  it('without a seed: one project, an owner key, a read-only key and a service account, fresh each start', async () => {
    const seed = buildDefaultSeed();
    expect(seed.projects).toHaveLength(1);
    expect(seed.apiKeys!.map((k) => k.roles[0]!.roleName)).toEqual(['GROUP_OWNER', 'GROUP_READ_ONLY']);
    expect(seed.serviceAccounts).toHaveLength(1);
    expect(seed.clusters).toEqual([]);
    expect(() => validateSeed(seed)).not.toThrow();
    const a = await startEmulator();
    const b = await startEmulator();
    try {
      expect(a.defaults.projectId).toMatch(/^[0-9a-f]{24}$/);
      expect(a.defaults.owner.publicKey).toMatch(/^[a-z]{8}$/);
      expect(a.defaults.projectId).not.toBe(b.defaults.projectId);
      expect(a.defaults.owner.privateKey).not.toBe(b.defaults.owner.privateKey);
      expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const reader = client(a, a.defaults.readOnly);
      expect((await reader.request('GET', `/api/atlas/v1.0/groups/${a.defaults.projectId}/clusters`)).status).toBe(200);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
