// `cdba projects ...` and `cdba orgs list` in-process against one emulator: names and
// IDs, `use` writing the profile, deletes confirmed as clusters delete is, hints that
// carry the invocation's flags, and tables that fit the terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { answerProxy } from '../../helpers/answerProxy.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet } from '../conn-string/world.js';

const ORG = '5f00000000000000000000aa';
const HOME = 'b0000000000000000000000a'; // has a cluster
const EMPTY = 'b0000000000000000000000b';

let emu: RunningEmulator;
const env = (extra: Record<string, string> = {}) => ownerEnv(emu.url, HOME, extra);

beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      orgs: [{ id: ORG, name: 'acme' }],
      projects: [
        { id: HOME, name: 'home', orgId: ORG },
        { id: EMPTY, name: 'a-project-with-a-rather-long-name-to-cut', orgId: ORG },
      ],
      apiKeys: [{ ...OWNER, roles: [{ projectId: HOME, roleName: 'GROUP_OWNER' }, { projectId: EMPTY, roleName: 'GROUP_OWNER' }] }],
      clusters: [{ projectId: HOME, cluster: replicaSet('app') }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('orgs and projects', () => {
  it('orgs list: the organization and its ID, as a table on a terminal and JSON in a pipe', async () => {
    const table = await cdba(['orgs', 'list', '--no-color'], { env: env(), tty: true });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`ID\\s+NAME\\n.*${ORG}\\s+acme`));
    const json = await cdba(['orgs', 'list', '-o', 'json', '--query', 'results[0].id'], { env: env() });
    expect(json).toEqual({ exitCode: 0, stdout: `"${ORG}"\n`, stderr: '' });
  });

  it('create, get by name and by ID, and list; the table fits a narrow terminal', async () => {
    const created = await cdba(['projects', 'create', 'made-here', '--org-id', ORG, '-o', 'json'], { env: env() });
    expect(created.exitCode).toBe(0);
    const project = JSON.parse(created.stdout) as { id: string; name: string; orgId: string };
    expect(project).toMatchObject({ name: 'made-here', orgId: ORG });
    expect(created.stderr).toBe(`cdba: project made-here created (${project.id}); make it the profile's with \`cdba projects use ${project.id}\`\n`);

    const byName = await cdba(['projects', 'get', 'made-here', '-o', 'json', '--query', 'id'], { env: env() });
    expect(byName.stdout).toBe(`"${project.id}"\n`);
    const byId = await cdba(['projects', 'get', project.id, '-o', 'json', '--query', 'name'], { env: env() });
    expect(byId.stdout).toBe('"made-here"\n');

    const narrow = await cdba(['projects', 'list', '--no-color'], { env: env(), tty: true, columns: 60 });
    expect(narrow.exitCode).toBe(0);
    // IDs and names are never cut (issue 43, item 8): the columns that are not copied go, and
    // the one line whose ID and name alone are wider than 60 is longer (the terminal wraps it).
    const long = 'a-project-with-a-rather-long-name-to-cut';
    for (const line of narrow.stdout.trimEnd().split('\n')) if (!line.includes(long)) expect(line.length).toBeLessThanOrEqual(60);
    expect(narrow.stdout.split('\n')[0]).toMatch(/^ID +NAME$/);
    expect(narrow.stdout).toContain(HOME);
    expect(narrow.stdout).toMatch(new RegExp(`^${EMPTY} +${long}$`, 'm'));
    expect(narrow.stdout).not.toContain('…');
  });

  it('a name that matches nothing: exit 4 after one request, with a hint that carries the flags given', async () => {
    const before = emu.stats().byStatus['404'] ?? 0;
    const result = await cdba(['--base-url', emu.url, 'projects', 'get', 'nothing-here'], { env: env() });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toBe(`cdba: No group with name "nothing-here" exists. (GROUP_NAME_NOT_FOUND, HTTP 404); see cdba --base-url ${emu.url} projects list\n`);
    expect(emu.stats().byStatus['404']).toBe(before + 1);
  });

  it('use: writes the projectId of the profile, and says when CDBA_PROJECT_ID still wins', async () => {
    const configDir = tempDir();
    const base = { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey };
    const used = await cdba(['-P', 'work', 'projects', 'use', 'a-project-with-a-rather-long-name-to-cut'], { env: base, configDir });
    expect(used.exitCode).toBe(0);
    expect(used.stderr).toBe(`cdba: profile "work" now uses project a-project-with-a-rather-long-name-to-cut (${EMPTY})\n`);
    const config = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, { projectId?: string }> };
    expect(config.profiles.work?.projectId).toBe(EMPTY);
    // The next command acts on it.
    const list = await cdba(['-P', 'work', 'clusters', 'list', '-o', 'json', '--query', 'totalCount'], { env: base, configDir });
    expect(list.stdout).toBe('0\n');

    const shadowed = await cdba(['-P', 'work', 'projects', 'use', HOME], { env: { ...base, CDBA_PROJECT_ID: EMPTY }, configDir });
    expect(shadowed.stderr).toContain('CDBA_PROJECT_ID is set and takes precedence');
  });

  it('delete: refused without --yes off a terminal before any request; refused by the service while clusters are left', async () => {
    const before = emu.stats().total;
    const refused = await cdba(['projects', 'delete', 'home'], { env: env() });
    expect(refused).toEqual({ exitCode: 2, stdout: '', stderr: 'cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n' });
    expect(emu.stats().total).toBe(before);

    const withClusters = await cdba(['projects', 'delete', 'home', '--yes'], { env: env() });
    expect(withClusters.exitCode).toBe(5);
    expect(withClusters.stderr).toBe(`cdba: Cannot close group while it has active clusters; please terminate all clusters. (CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS, HTTP 409); delete its clusters first: cdba --project-id ${HOME} clusters list\n`);
  });

  it('delete on a terminal asks, and deletes on yes', async () => {
    const created = await cdba(['projects', 'create', 'doomed', '--org-id', ORG, '-o', 'json', '--query', 'id'], { env: env() });
    const id = JSON.parse(created.stdout) as string;
    const declined = await cdba(['projects', 'delete', 'doomed', '--no-color'], { env: env(), tty: true, input: 'n\n' });
    expect(declined.exitCode).toBe(15);
    expect(declined.stderr).toContain(`Delete project "doomed" (${id})? [y/N]`);
    const deleted = await cdba(['projects', 'delete', id, '--no-color'], { env: env(), tty: true, input: 'y\n' });
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stderr).toContain(`cdba: project doomed (${id}) deleted`);
    expect((await cdba(['projects', 'get', id], { env: env() })).exitCode).toBe(4);
  });

  it('delete takes the live answer (202 with {}) and a 204 alike: done, nothing on stdout', async () => {
    for (const answer of [undefined, 204]) {
      const created = await cdba(['projects', 'create', `gone-${answer ?? 202}`, '--org-id', ORG, '-o', 'json', '--query', 'id'], { env: env() });
      const id = JSON.parse(created.stdout) as string;
      const proxy = await answerProxy(emu.url);
      const seen: number[] = [];
      proxy.status = (method, path, status) => {
        if (method !== 'DELETE' || path !== `/api/atlas/v2/groups/${id}` || status === 401) return undefined; // the digest challenge passes
        seen.push(status);
        return answer;
      };
      try {
        const deleted = await cdba(['projects', 'delete', id, '--yes'], { env: env({ CDBA_BASE_URL: proxy.url }) });
        expect(deleted).toEqual({ exitCode: 0, stdout: '', stderr: `cdba: project gone-${answer ?? 202} (${id}) deleted\n` });
      } finally {
        await proxy.close();
      }
      expect(seen).toEqual([202]);
      expect((await cdba(['projects', 'get', id], { env: env() })).exitCode).toBe(4);
    }
  });

  it("delete of the profile's own project: warned before, hinted after, and later commands say how to pick another (hints carry -P and --base-url)", async () => {
    const configDir = tempDir();
    const base = { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey };
    const created = await cdba(['projects', 'create', 'gone-soon', '--org-id', ORG, '-o', 'json', '--query', 'id'], { env: env() });
    const id = JSON.parse(created.stdout) as string;
    expect((await cdba(['-P', 'work', 'projects', 'use', 'gone-soon'], { env: base, configDir })).exitCode).toBe(0);
    const flags = `-P work --base-url ${emu.url}`;
    const pick = `choose another with \`cdba ${flags} projects use <id|name>\` (\`cdba ${flags} projects list\` shows them)`;

    // On a terminal the warning comes before the question.
    const asked = await cdba(['-P', 'work', '--base-url', emu.url, 'projects', 'delete', 'gone-soon', '--no-color'], { env: base, configDir, tty: true, input: 'n\n' });
    expect(asked.exitCode).toBe(15);
    const warning = `cdba: warning: project gone-soon (${id}) is the current project of profile "work"; after the delete, ${pick}`;
    expect(asked.stderr.indexOf(warning)).toBeGreaterThanOrEqual(0);
    expect(asked.stderr.indexOf(warning)).toBeLessThan(asked.stderr.indexOf(`Delete project "gone-soon" (${id})? [y/N]`));

    const deleted = await cdba(['-P', 'work', '--base-url', emu.url, 'projects', 'delete', 'gone-soon', '--yes'], { env: base, configDir });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe(`${warning}\ncdba: project gone-soon (${id}) deleted; profile "work" still names it: ${pick}\n`);

    const after = await cdba(['-P', 'work', '--base-url', emu.url, 'clusters', 'list'], { env: base, configDir });
    expect(after.exitCode).toBe(4);
    expect(after.stderr).toBe(`cdba: No group with ID ${id} exists. (GROUP_NOT_FOUND, HTTP 404); profile "work" names project ${id}, which does not exist (deleted?): ${pick}\n`);
    // Another project named by --project-id is not the profile's: no such hint.
    const named = await cdba(['-P', 'work', '--project-id', id, 'clusters', 'list'], { env: base, configDir });
    expect(named.stderr).toBe(`cdba: No group with ID ${id} exists. (GROUP_NOT_FOUND, HTTP 404)\n`);
  });

  it('bad names and org IDs are refused before any request', async () => {
    const before = emu.stats().total;
    for (const args of [['projects', 'get', 'has space'], ['projects', 'create', 'ok', '--org-id', 'nope'], ['projects', 'create', 'x'.repeat(65), '--org-id', ORG]]) {
      const result = await cdba(args, { env: env() });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect(emu.stats().total).toBe(before);
  });

  it('a bad --org-id: the hint to find one carries -P and --base-url', async () => {
    const before = emu.stats().total;
    const args = ['-P', 'work', '--base-url', emu.url, 'projects', 'create', 'tmp2', '--org-id', '5c4407ed4c97a521446e5e0Z'];
    const result = await cdba(args, { env: env(), configDir: tempDir() });
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `cdba: invalid --org-id "5c4407ed4c97a521446e5e0Z": expected 24 hexadecimal digits; see \`cdba -P work --base-url ${emu.url} orgs list\`\n`,
    });
    expect(emu.stats().total).toBe(before);
  });
});
