// Every follow-up command cdba suggests carries the invocation's -P,
// --project-id, --base-url and --api-version when they were given as flags, and
// reads exactly as before when none was. One case per hint that names a command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { followUp, withContext } from '../../src/core/hints.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { knownSeed, modernBody, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, testServer } from '../reliability/support.js';

let emu: RunningEmulator;
let configDir: string;
let flags: string[];
let context: string;
beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({ clusters: ['seeded', 'tobepatched', 'tobedeleted', 'tobepaused', 'running'].map((name) => ({ projectId: PROJECT_ID, cluster: modernBody(name) })) }),
    transitionMs: 3_600_000,
  }));
  configDir = tempDir('cdba-hints-');
  // A profile whose settings all differ from the flags: only the flags make the hints right.
  const add = await cdba(['profile', 'add', 'big', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--base-url', 'http://127.0.0.1:9', '--project-id', 'ffffffffffffffffffffffff'], {
    configDir,
    input: OWNER_PRIVATE,
  });
  expect(add.exitCode, add.stderr).toBe(0);
  flags = ['-P', 'big', '--project-id', PROJECT_ID, '--base-url', emu.url, '--api-version', '2024-10-23'];
  context = `cdba -P big --project-id ${PROJECT_ID} --base-url ${emu.url} --api-version 2024-10-23`;
});
afterAll(async () => {
  await emu?.stop();
});

const run = (args: string[], input?: string) => cdba([...flags, ...args], { configDir, ...(input !== undefined ? { input } : {}) });

describe('follow-up hints keep the invocation context', () => {
  it('clusters create: follow it with `cdba <context> clusters watch <name>`', async () => {
    const result = await run(['clusters', 'create', 'fresh', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`cdba: cluster fresh is CREATING; follow it with \`${context} clusters watch fresh\`\n`);
  });

  it('clusters patch: follow it with `cdba <context> clusters watch <name>`', async () => {
    const result = await run(['clusters', 'patch', 'tobepatched', '--disk-size-gb', '40', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`cdba: cluster tobepatched is UPDATING; follow it with \`${context} clusters watch tobepatched\`\n`);
  });

  it('clusters delete: follow it with `cdba <context> clusters watch <name> --until DELETED`', async () => {
    const result = await run(['clusters', 'delete', 'tobedeleted', '--yes']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`cdba: deletion of cluster tobedeleted requested; follow it with \`${context} clusters watch tobedeleted --until DELETED\`\n`);
  });

  it('clusters apply: follow it with `cdba <context> clusters watch <name>`', async () => {
    const result = await run(['clusters', 'apply', '--file', '-', '-o', 'json'], JSON.stringify(modernBody('applied')));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ action: 'create', changes: [] });
    expect(result.stderr).toBe(`cdba: cluster applied is CREATING; follow it with \`${context} clusters watch applied\`\n`);
  });

  it('clusters pause: follow it with `cdba <context> clusters watch <name>`; paused again: `cdba <context> clusters resume <name>`', async () => {
    const result = await run(['clusters', 'pause', 'tobepaused', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`cdba: cluster tobepaused is pausing (UPDATING); follow it with \`${context} clusters watch tobepaused\`\n`);
    const again = await run(['clusters', 'pause', 'tobepaused']);
    expect(again.exitCode).toBe(5);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/^cdba: [^\n]*\(CLUSTER_ALREADY_PAUSED, HTTP 409\); [^\n]*\n$/);
    expect(again.stderr).toContain(`; it is paused already; ${context} clusters resume tobepaused starts it\n`);
  });

  it('clusters resume of a running cluster: to pause it, `cdba <context> clusters pause <name>`', async () => {
    const result = await run(['clusters', 'resume', 'running']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: cluster running is not paused; there is nothing to resume; to pause it: ${context} clusters pause running\n`);
  });

  it('clusters watch that gives up: the resume hint carries the context', async () => {
    // A cluster of its own, CREATING for an hour: the test runs alone or in any order.
    expect((await run(['clusters', 'create', 'watched', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'])).exitCode).toBe(0);
    const result = await run(['clusters', 'watch', 'watched', '--watch-timeout', '1']);
    expect(result.exitCode).toBe(8);
    expect(result.stderr).toContain(`follow it with \`${context} clusters watch watched\``);
  });

  it('conn-string get with no string of the type: see `cdba <context> conn-string list <name>`', async () => {
    const result = await run(['conn-string', 'get', 'seeded', '--type', 'private-endpoint']);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(new RegExp(`; see ${context.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} conn-string list seeded\n$`));
  });

  it('bad credentials: check them with `cdba <context> profile show`', async () => {
    const result = await cdba([...flags, 'clusters', 'list'], { configDir, env: { CDBA_PRIVATE_KEY: 'wrong-wrong-wrong-wrong' } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(`(${context} profile show)`);
  });

  it('api with bad credentials: the same', async () => {
    const result = await cdba([...flags, 'api', `/groups/${PROJECT_ID}/clusters`], { configDir, env: { CDBA_PRIVATE_KEY: 'wrong-wrong-wrong-wrong' } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(`${context} profile show`);
  });

  it('a profile that does not exist: see `cdba -P <it> profile list`, which works', async () => {
    const result = await cdba(['-P', 'ghost', 'clusters', 'list'], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('cdba: profile "ghost" does not exist; see cdba -P ghost profile list\n');
    const list = await cdba(['-P', 'ghost', 'profile', 'list', '-o', 'json'], { configDir });
    expect(list.exitCode, list.stderr).toBe(0);
  });

  it('no credentials: run `cdba <context> profile add`', async () => {
    const result = await cdba(['--base-url', emu.url, 'clusters', 'list'], { configDir: tempDir() , env: { CDBA_PROJECT_ID: PROJECT_ID } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`run cdba --base-url ${emu.url} profile add`);
  });

  it('a create whose connection breaks: check with `cdba <context> clusters get <name>`', async () => {
    const server = await testServer((_req, res) => res.socket?.destroy());
    try {
      const result = await cdba(['-P', 'big', '--project-id', PROJECT_ID, '--base-url', server.url, 'clusters', 'create', 'cut', '--provider', 'AWS', '--region', 'US_EAST_1'], { configDir });
      expect(result.exitCode).toBe(7);
      expect(result.stderr).toContain(`check with \`cdba -P big --project-id ${PROJECT_ID} --base-url ${server.url} clusters get cut\``);
    } finally {
      await server.close();
    }
  });

  it('not found: a search index, a snapshot and a restore job name their list command with -P, --project-id, --base-url and --api-version (issue 43, item 10)', async () => {
    const absent = 'ffffffffffffffffffffffff';
    const cases: Array<[string[], string]> = [
      [['search-indexes', 'get', 'seeded', 'app.items/nope'], `; see its indexes with \`${context} search-indexes list seeded\`\n`],
      [['backups', 'snapshots', 'get', 'running', absent], `; see the cluster's snapshots with \`${context} backups snapshots list running\`\n`],
      [['backups', 'restores', 'get', 'running', absent], `; see the cluster's restore jobs with \`${context} backups restores list running\`\n`],
    ];
    for (const [args, hint] of cases) {
      const result = await run(args);
      expect(result.exitCode, result.stderr).toBe(4);
      expect(result.stderr.endsWith(hint), result.stderr).toBe(true);
    }
  });

  it('without context flags the hints read as before', async () => {
    const result = await cdba(['clusters', 'create', 'plain', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], {
      env: { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: OWNER_PUBLIC, CDBA_PRIVATE_KEY: OWNER_PRIVATE, CDBA_PROJECT_ID: PROJECT_ID },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('cdba: cluster plain is CREATING; follow it with `cdba clusters watch plain`\n');
  });
});

describe('hints helper', () => {
  it('quotes what the shell would split, and rewrites only command suggestions', () => {
    expect(followUp({ profile: "my prof'ile" }, 'clusters', 'watch', 'c1')).toBe(`cdba -P 'my prof'"'"'ile' clusters watch c1`);
    const ctx = { profile: 'big', apiVersion: 'v1.0' };
    expect(withContext('this cdba knows none; see cdba profile list, or `cdba clusters get c1`', ctx)).toBe(
      'this cdba knows none; see cdba -P big --api-version v1.0 profile list, or `cdba -P big --api-version v1.0 clusters get c1`',
    );
    // Already built with the context: left alone.
    expect(withContext(followUp(ctx, 'clusters', 'watch', 'c1'), ctx)).toBe('cdba -P big --api-version v1.0 clusters watch c1');
  });
});

describe('offline commands', () => {
  it('get no context flags: they talk to no service', () => {
    expect(withContext('`cdba clusters convert` turns it into a 2023-02-01 body; cdba conn-string parse <uri>', { profile: 'big' })).toBe(
      '`cdba clusters convert` turns it into a 2023-02-01 body; cdba conn-string parse <uri>',
    );
  });
});
