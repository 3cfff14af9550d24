// `cdba api <operationId>` against one emulator: both names of an operation, its path and
// query parameters as flags, a body from --file and from -f checked against the schema,
// refusals before any request (a missing required flag, an enum, an unknown name with its
// suggestion, a body field the schema lacks), --all, and an operation the emulator does not
// emulate (501 NOT_EMULATED, told apart from a 404); `api list` and `api describe`.
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir, type CliResult } from '../../helpers/inProcess.js';
import { ownerEnv, replicaSet, worldSeed } from '../conn-string/world.js';

const READS = 'c0000000000000000000000c';
const WRITES = 'c0000000000000000000000d';
const NAMES = ['o1', 'o2', 'o3'];

let emu: RunningEmulator;
const api = (args: string[], options: { projectId?: string; input?: string } = {}): Promise<CliResult> =>
  cdba(['api', ...args], { env: ownerEnv(emu.url, options.projectId ?? READS), ...(options.input !== undefined ? { input: options.input } : {}) });
/** Requests the emulator counted, challenges included. */
const requests = (): number => emu.stats().total;

beforeAll(async () => {
  emu = await startEmulator({
    seed: worldSeed(
      [
        { id: READS, name: 'op-reads' },
        { id: WRITES, name: 'op-writes' },
      ],
      NAMES.map((name) => ({ projectId: READS, cluster: replicaSet(name) })),
    ),
    transitionMs: 60_000,
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('api <operationId>', () => {
  it('lists clusters by the operationId and by its short name alike', async () => {
    const [long, short] = await Promise.all([api(['listGroupClusters', '-o', 'json']), api(['listClusters', '-o', 'json'])]);
    for (const result of [long, short]) {
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      const document = JSON.parse(result.stdout) as { results: Array<{ name: string }> };
      expect(document.results.map((c) => c.name).sort()).toEqual(NAMES);
    }
  });

  it('fills a path parameter from its flag, and sends the operation\'s own version', async () => {
    const result = await api(['getCluster', '--cluster-name', 'o2', '--debug', '-o', 'json', '--query', 'name']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe('"o2"');
    expect(result.stderr).toMatch(/^> GET \S+\/api\/atlas\/v2\/groups\/c0000000000000000000000c\/clusters\/o2$/m);
    expect(result.stderr).toMatch(/accept: application\/vnd\.atlas\.2024-08-05\+json/i);
  });

  it('a query parameter is a flag, its type checked; --all writes every page', async () => {
    const page = await api(['listClusters', '--items-per-page', '2', '--page-num', '2', '-o', 'json', '--query', 'results[].name']);
    expect(page.exitCode).toBe(0);
    expect(JSON.parse(page.stdout)).toHaveLength(1);
    const all = await api(['listClusters', '--all', '-o', 'json']);
    expect(all.exitCode).toBe(0);
    expect((JSON.parse(all.stdout) as { results: unknown[] }).results).toHaveLength(3);
    const before = requests();
    const bad = await api(['listClusters', '--items-per-page', 'many']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('cdba: invalid --items-per-page "many": expected an integer\n');
    expect(requests()).toBe(before);
  });

  it('refuses a missing required flag before any request, naming the flag', async () => {
    const before = requests();
    const result = await api(['getGroupCluster']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^cdba: getGroupCluster needs --cluster-name \(its path parameter clusterName\)/);
    expect(requests()).toBe(before);
  });

  it('refuses an enum value the description does not list', async () => {
    const result = await api(['createBackupPrivateEndpoint', '--cloud-provider', 'GCP', '-f', 'regionName=us-east-1']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/GCP/);
    expect(result.stderr).toMatch(/AWS/);
  });

  it('an unknown name is refused with the nearest names', async () => {
    const before = requests();
    const result = await api(['listClustrs']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^cdba: unknown operation "listClustrs" \(did you mean listClusters\?\)/);
    expect(requests()).toBe(before);
  });

  it('creates from --file and from -f fields typed by the schema; the body is checked first', async () => {
    const dir = tempDir();
    const file = join(dir, 'user.json');
    writeFileSync(file, JSON.stringify({ username: 'f-user', databaseName: 'admin', password: 'Secret-pass-123', roles: [{ roleName: 'readWrite', databaseName: 'app' }] }));
    const fromFile = await api(['createDatabaseUser', '--file', file, '-o', 'json', '--query', 'username'], { projectId: WRITES });
    expect(fromFile.stderr).toBe('');
    expect(fromFile.stdout.trim()).toBe('"f-user"');
    const fromFields = await api(
      ['createGroupDatabaseUser', '-f', 'username=12345', '-f', 'databaseName=admin', '-f', 'password=Secret-pass-123', '-f', 'roles.0.roleName=read', '-f', 'roles.0.databaseName=app', '-o', 'json', '--query', 'username'],
      { projectId: WRITES },
    );
    expect(fromFields.stderr).toBe('');
    expect(fromFields.stdout.trim()).toBe('"12345"'); // a string field stays text
    const before = requests();
    const bad = await api(['createDatabaseUser', '--file', '-'], { projectId: WRITES, input: JSON.stringify({ username: 'x', databaseName: 'admin', roles: [{ roleName: 'read' }], bogus: 1, scopes: [{ name: 'c', type: 'NOPE' }] }) });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe(
      "cdba: stdin: missing required fields: roles.databaseName; fields createGroupDatabaseUser at API version 2023-01-01 does not accept: bogus; invalid values for: scopes.type; see the body's fields: cdba api describe createDatabaseUser",
    );
    expect(requests()).toBe(before);
  });

  it('an operation the emulator does not emulate: 501 NOT_EMULATED, one line, exit 7; an unknown path stays 404', async () => {
    const result = await api(['getGroupMaintenanceWindow']);
    expect(result.exitCode).toBe(7);
    expect(result.stderr.split('\n')[0]).toBe(
      'cdba: the emulator does not emulate getGroupMaintenanceWindow (GET /groups/{groupId}/maintenanceWindow); the service does (NOT_EMULATED, HTTP 501); run it against the service, or see the README\'s list of emulated operations',
    );
    const raw = await api(['/groups/{projectId}/maintenanceWindow']);
    expect(raw.exitCode).toBe(7);
    expect(JSON.parse(raw.stdout)).toMatchObject({ error: 501, errorCode: 'NOT_EMULATED', parameters: ['getGroupMaintenanceWindow'] });
    const missing = await api(['/groups/{projectId}/no-such-thing']);
    expect(missing.exitCode).toBe(4);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: 404, errorCode: 'RESOURCE_NOT_FOUND' });
  });

  it('--help shows the operation\'s flags; api list and api describe read the description', async () => {
    const help = await api(['getCluster', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/--cluster-name <value>\s+path parameter clusterName, required/);
    const list = await api(['list', '--tag', 'clusters', 'pause', '-o', 'json']);
    expect(list.exitCode).toBe(0);
    expect((JSON.parse(list.stdout) as { operations: unknown[] }).operations).toEqual([]);
    const listed = await api(['list', 'listClusters', '-o', 'json', '--query', 'operations[].[operationId, alias, method, path]']);
    expect(JSON.parse(listed.stdout)).toContainEqual(['listGroupClusters', 'listClusters', 'GET', '/groups/{groupId}/clusters']);
    const described = await api(['describe', 'createCluster', '-o', 'json']);
    expect(described.exitCode).toBe(0);
    const doc = JSON.parse(described.stdout) as { versions: Array<{ version: string; sunset: string | null }>; body: { versions: Array<{ fields: Array<{ path: string }> }> } };
    expect(doc.versions).toContainEqual({ version: '2024-08-05', sunset: '2027-03-01' });
    expect(doc.body.versions.at(-1)!.fields.map((f) => f.path)).toContain('replicationSpecs[].regionConfigs[].electableSpecs.instanceSize');
  });

  it('a cluster body\'s regionName and auto-scaling bounds (a oneOf of string enums under type: object) are values, not objects', async () => {
    const dir = tempDir();
    const file = join(dir, 'cl.json');
    const regionConfig = (regionName: string) => ({
      providerName: 'AWS',
      regionName,
      priority: 7,
      electableSpecs: { instanceSize: 'M10', nodeCount: 3 },
      autoScaling: { compute: { enabled: true, scaleDownEnabled: true, minInstanceSize: 'M10', maxInstanceSize: 'M40' } },
    });
    writeFileSync(file, JSON.stringify({ name: 'region1', clusterType: 'REPLICASET', replicationSpecs: [{ regionConfigs: [regionConfig('US_EAST_1')] }] }));
    const created = await cdba(['api', 'createCluster', '--file', file, '--api-version', '2024-10-23', '-o', 'json', '--query', 'replicationSpecs[0].regionConfigs[0].[regionName, autoScaling.compute.maxInstanceSize]'], { env: ownerEnv(emu.url, WRITES) });
    expect(created.stderr).toBe('');
    expect(created.exitCode).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual(['US_EAST_1', 'M40']);
    const fields = ['providerName=AWS', 'regionName=US_EAST_2', 'priority=7', 'electableSpecs.instanceSize=M10', 'electableSpecs.nodeCount=3'].flatMap((f) => ['-f', `replicationSpecs.0.regionConfigs.0.${f}`]);
    const updated = await cdba(['api', 'updateCluster', '--cluster-name', 'region1', ...fields, '--api-version', '2024-10-23', '-o', 'json', '--query', 'replicationSpecs[0].regionConfigs[0].regionName'], { env: ownerEnv(emu.url, WRITES) });
    expect(updated.stderr).toBe('');
    expect(updated.stdout.trim()).toBe('"US_EAST_2"');
    // A region the description does not list is still refused, before any request.
    const before = requests();
    const bad = await cdba(['api', 'updateCluster', '--cluster-name', 'region1', '-f', 'replicationSpecs.0.regionConfigs.0.regionName=NOWHERE_1', '--api-version', '2024-10-23'], { env: ownerEnv(emu.url, WRITES) });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(/^cdba: -f fields: invalid values for: replicationSpecs\.regionConfigs\.regionName; see the body's fields: /);
    expect(requests()).toBe(before);
  });

  it('--all is JSON as the api command prints it: indented on a terminal, --query\'s result as JSON', async () => {
    const tty = await cdba(['api', 'listClusters', '--all'], { env: { ...ownerEnv(emu.url, READS), NO_COLOR: '1' }, tty: true });
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toMatch(/^\{\n {2}"results": \[\n/);
    expect((JSON.parse(tty.stdout) as { results: Array<{ name: string }> }).results.map((c) => c.name).sort()).toEqual(NAMES);
    const names = await cdba(['api', 'listClusters', '--all', '--query', 'sort(results[].name)'], { env: { ...ownerEnv(emu.url, READS), NO_COLOR: '1' }, tty: true });
    expect(names.exitCode).toBe(0);
    expect(JSON.parse(names.stdout)).toEqual(NAMES);
    const table = await api(['listClusters', '--all', '-o', 'table', '--query', 'results[].{name: name}']);
    expect(table.stdout.split('\n').slice(0, 4).map((line) => line.trim()).sort()).toEqual(['NAME', ...NAMES]);
  });

  it('--all: --items-per-page is the page size, --include-count false leaves out the total, --page-num is refused before any request', async () => {
    const small = await api(['listClusters', '--all', '--items-per-page', '1', '--debug', '-o', 'json']);
    expect(small.exitCode).toBe(0);
    const sent = [...small.stderr.matchAll(/^> GET \S+\/clusters\?(\S+)$/gm)].map((m) => new URLSearchParams(m[1]));
    // (A digest challenge repeats the first request.)
    expect(new Set(sent.map((q) => q.get('itemsPerPage')))).toEqual(new Set(['1']));
    expect([...new Set(sent.map((q) => q.get('pageNum')))].sort()).toEqual(['1', '2', '3']);
    expect((JSON.parse(small.stdout) as { results: unknown[]; totalCount: number })).toMatchObject({ totalCount: 3 });
    const uncounted = await api(['listClusters', '--all', '--include-count', 'false', '--items-per-page', '2', '--debug', '-o', 'json']);
    expect(uncounted.exitCode).toBe(0);
    expect([...uncounted.stderr.matchAll(/^> GET \S+\/clusters\?(\S+)$/gm)].every((m) => new URLSearchParams(m[1]).get('includeCount') === 'false')).toBe(true);
    const document = JSON.parse(uncounted.stdout) as Record<string, unknown>;
    expect(document).not.toHaveProperty('totalCount');
    expect((document.results as unknown[]).length).toBe(3);
    const before = requests();
    const refused = await api(['listClusters', '--all', '--page-num', '2']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe('cdba: --page-num names one page and --all asks for every page: give one of them\n');
    const enveloped = await api(['listClusters', '--all', '--envelope', 'true']);
    expect(enveloped.exitCode).toBe(2);
    expect(enveloped.stderr).toBe('cdba: --envelope true wraps each page in {status, content}, and --all reads the pages unwrapped: leave --envelope out\n');
    const zero = await api(['listClusters', '--all', '--items-per-page', '0']);
    expect(zero.exitCode).toBe(2);
    expect(zero.stderr.trim().split('\n')).toHaveLength(1);
    expect(requests()).toBe(before);
  });

  it('a binary answer to --out: mode 0600, the gzip as sent, no temporary file left; a bad --out is refused before any request', async () => {
    const processes = await api(['listGroupProcesses', '-o', 'json', '--query', 'results[].hostname']);
    expect(processes.exitCode, processes.stderr).toBe(0);
    const host = (JSON.parse(processes.stdout) as string[])[0]!;
    const dir = tempDir();
    const file = join(dir, 'mongod.log.gz');
    const result = await api(['downloadClusterLog', '--host-name', host, '--log-name', 'mongodb', '--out', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^cdba: wrote \d+ bytes to .+mongod\.log\.gz\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['mongod.log.gz']);
    expect(() => gunzipSync(readFileSync(file))).not.toThrow();
    const piped = await api(['downloadClusterLog', '--host-name', host, '--log-name', 'mongodb']);
    expect(piped.exitCode, piped.stderr).toBe(0);
    // --out - is stdout, as logs download's is: no file named "-", and still never a terminal.
    const dashed = await api(['downloadClusterLog', '--host-name', host, '--log-name', 'mongodb', '--out', '-']);
    expect(dashed.exitCode, dashed.stderr).toBe(0);
    expect(dashed.stdout.length).toBeGreaterThan(0);
    expect(dashed.stderr).toBe('');
    expect(existsSync(join(process.cwd(), '-'))).toBe(false);
    const onTerminal = await cdba(['api', 'downloadClusterLog', '--host-name', host, '--log-name', 'mongodb', '--out', '-'], { env: { ...ownerEnv(emu.url, READS), NO_COLOR: '1' }, tty: true });
    expect(onTerminal.exitCode).toBe(2);
    expect(onTerminal.stderr).toMatch(/^cdba: \w+ answers gzip bytes, which are not shown on a terminal: give --out FILE, or redirect stdout to a file\n/);

    const before = requests();
    const missing = await api(['downloadClusterLog', '--host-name', host, '--log-name', 'mongodb', '--out', join(dir, 'no-such-dir', 'x.gz')]);
    expect(missing.exitCode).toBe(2);
    // The same words as logs download's --out: one check for both (src/cli/logs/writeFile.ts).
    expect(missing.stderr).toMatch(/^cdba: --out \S+x\.gz: cannot write in \S+no-such-dir: no such file or directory \(cdba makes no directory for --out\)\n$/);
    const link = join(dir, 'link.gz');
    symlinkSync(join(dir, 'elsewhere.gz'), link);
    const linked = await api(['downloadClusterLog', '--host-name', host, '--log-name', 'mongodb', '--out', link]);
    expect(linked.exitCode).toBe(2);
    expect(linked.stderr).toMatch(/^cdba: --out \S+link\.gz is a symbolic link: cdba does not write through links; name the file itself\n$/);
    expect(requests()).toBe(before);
    expect(existsSync(join(dir, 'elsewhere.gz'))).toBe(false);
  });

  it('the raw form is unchanged: a path starts with / (or holds one)', async () => {
    const result = await api(['groups/{groupId}/clusters', '-o', 'json', '--query', 'length(results)']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe('3');
  });
});
