// `cdba clusters connect` with a stand-in `mongosh` on PATH that records its
// argv and stdin: the string conn-string get picks, --username, args after --,
// inherited stdio, mongosh's exit status, --print, and no mongosh at all.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/cli.js';
import { deprecationWarning, EACH_VERSION, linesAfterWarning, expectNoRequest, expectUsage, PROJECT, run, runProcess, startWorld, TAG, VERSIONS, type World } from './world.js';

const dedicated = (name: string): Record<string, unknown> => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});

let world: World;
const bin = tempDir('cdba-mongosh-');
beforeAll(async () => {
  world = await startWorld({ clusters: VERSIONS.map((version) => ({ projectId: PROJECT, cluster: dedicated(`sh-${TAG[version]}`) })) });
  // The stand-in: records argv (one per line) and stdin, talks on both streams, exits as told.
  writeFileSync(
    join(bin, 'mongosh'),
    '#!/bin/sh\nprintf "%s\\n" "$@" > "$RECORD.argv"\ncat > "$RECORD.stdin"\necho "out from mongosh"\necho "err from mongosh" >&2\nexit "${MONGOSH_EXIT:-0}"\n',
    { mode: 0o755 },
  );
});
afterAll(async () => {
  await world.stop();
});

const PATH = `${bin}:${process.env.PATH}`;
const recordAt = (): string => {
  const dir = tempDir('cdba-record-');
  mkdirSync(dir, { recursive: true });
  return join(dir, 'run');
};
const argvOf = (record: string): string[] => readFileSync(`${record}.argv`, 'utf8').split('\n').slice(0, -1);

describe.concurrent.each(EACH_VERSION)('clusters connect at $version', ({ version, tag }) => {
  it('runs mongosh with the string conn-string get gives, --username, then the args after --; stdio is shared', async () => {
    const name = `sh-${tag}`;
    const uri = await run(world, ['conn-string', 'get', name], { version });
    expect(uri.exitCode, uri.stderr).toBe(0);
    const record = recordAt();
    const result = await runProcess(world, ['clusters', 'connect', name, '--username', 'app', '--', '--quiet', '--eval', 'db.stats()'], {
      version,
      input: 'typed at the prompt\n',
      env: { PATH, RECORD: record },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(argvOf(record)).toEqual([uri.stdout.trim(), '--username', 'app', '--quiet', '--eval', 'db.stats()']);
    expect(readFileSync(`${record}.stdin`, 'utf8')).toBe('typed at the prompt\n');
    expect(result.stdout).toBe('out from mongosh\n');
    expect(linesAfterWarning(result.stderr, version)).toEqual(['err from mongosh']);
  });
});

describe('clusters connect', () => {
  it("exits with mongosh's own status, and says nothing of its own", async () => {
    const record = recordAt();
    const result = await runProcess(world, ['clusters', 'connect', 'sh-m23', '--no-srv'], { env: { PATH, RECORD: record, MONGOSH_EXIT: '3' } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe(`${deprecationWarning('2023-02-01')}err from mongosh\n`);
    expect(argvOf(record)[0]).toMatch(/^mongodb:\/\/[^,]+:27017,/);
  });

  it('--print: the command on stdout, quoted for a shell; mongosh is not run', async () => {
    const record = recordAt();
    const uri = (await run(world, ['conn-string', 'get', 'sh-m23'])).stdout.trim();
    const result = await runProcess(world, ['clusters', 'connect', 'sh-m23', '--username', 'app', '--print', '--', '--eval', "db.x.find({a:'b c'})"], {
      env: { PATH, RECORD: record },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(deprecationWarning('2023-02-01'));
    expect(result.stdout).toBe(`mongosh ${uri} --username app --eval 'db.x.find({a:'"'"'b c'"'"'})'\n`);
    expect(existsSync(`${record}.argv`)).toBe(false);
  });

  it('no mongosh on PATH: one line that says how to install it, exit 2, nothing sent', async () => {
    const empty = tempDir('cdba-nopath-');
    const result = await runProcess(world, ['clusters', 'connect', 'sh-m23'], { on: 'witness', env: { PATH: `${empty}:${dirname(process.execPath)}` } });
    expectUsage(result, /^cdba: mongosh is not on PATH; install it from https:\/\/www\.mongodb\.com\/try\/download\/shell/);
    expectNoRequest(world);
  });

  it('a bad name, --endpoint with another --type, an empty --username: exit 2, nothing sent', async () => {
    const env = { PATH, RECORD: recordAt() };
    expectUsage(await runProcess(world, ['clusters', 'connect', 'bad_name'], { on: 'witness', env }), /invalid cluster name "bad_name"/);
    expectUsage(await runProcess(world, ['clusters', 'connect', 'c1', '--type', 'standard', '--endpoint', 'vpce-1'], { on: 'witness', env }), /--endpoint applies to --type private-endpoint only/);
    expectUsage(await runProcess(world, ['clusters', 'connect', 'c1', '--username', ' '], { on: 'witness', env }), /--username/);
    expectNoRequest(world);
  });

  it('a cluster that does not exist: exit 4, mongosh not run', async () => {
    const record = recordAt();
    const result = await runProcess(world, ['clusters', 'connect', 'ghost'], { env: { PATH, RECORD: record } });
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named ghost exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
    expect(existsSync(`${record}.argv`)).toBe(false);
  });
});
