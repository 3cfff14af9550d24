// `cdba clusters connect` with a stand-in `mongosh` on PATH that records its
// argv and stdin: the string conn-string get picks, --username, args after --,
// inherited stdio, mongosh's exit status, --print, and no mongosh at all. In
// process: what mongosh gets of cdba's environment (no credentials), a string from
// the service that is not a URI (refused, never an option), a directory named mongosh.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_VARIABLES } from '../../../src/config/resolve.js';
import { answerProxy, type AnswerProxy } from '../../helpers/answerProxy.js';
import { tempDir } from '../../helpers/cli.js';
import { deprecationWarning, EACH_VERSION, linesAfterWarning, expectNoRequest, expectUsage, OWNER, PROFILE, PROJECT, run, runProcess, startWorld, TAG, VERSIONS, type World } from './world.js';

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

describe('clusters connect, in process', () => {
  // A stand-in that reads nothing and writes nothing on the shared streams (in process,
  // they are the test runner's): its argv and environment go to files.
  const quiet = tempDir('cdba-quiet-mongosh-');
  writeFileSync(join(quiet, 'mongosh'), '#!/bin/sh\nprintf "%s\\n" "$@" > "$RECORD.argv"\nenv > "$RECORD.env"\nexit 0\n', { mode: 0o755 });
  const QUIET_PATH = `${quiet}:${process.env.PATH}`;
  const envOf = (record: string): Map<string, string> =>
    new Map(
      readFileSync(`${record}.env`, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );

  it("mongosh gets cdba's environment without the variables that lead to its credentials", async () => {
    const record = recordAt();
    const result = await run(world, ['clusters', 'connect', 'sh-cur'], {
      version: 'default',
      env: {
        PATH: QUIET_PATH,
        RECORD: record,
        CDBA_PUBLIC_KEY: OWNER.publicKey,
        CDBA_PRIVATE_KEY: OWNER.privateKey,
        CDBA_PROFILE: PROFILE.default,
        OTHER_SETTING: 'kept',
      },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const childEnv = envOf(record);
    // The run had each of them (the config dir from the world); mongosh has none.
    expect(CREDENTIAL_VARIABLES).toEqual(expect.arrayContaining(['CDBA_PRIVATE_KEY', 'CDBA_PUBLIC_KEY', 'CDBA_CONFIG_DIR', 'CDBA_PROFILE']));
    expect(CREDENTIAL_VARIABLES.filter((name) => childEnv.has(name))).toEqual([]);
    expect([...childEnv.values()]).not.toContain(OWNER.privateKey);
    // Everything else is passed on.
    expect(childEnv.get('OTHER_SETTING')).toBe('kept');
    expect(childEnv.get('RECORD')).toBe(record);
    expect(childEnv.get('PATH')).toBe(QUIET_PATH);
  });

  it('a directory named mongosh on PATH is not mongosh: the next one on PATH runs; with no other, it is not on PATH (exit 2, nothing sent)', async () => {
    const shadow = tempDir('cdba-shadow-');
    mkdirSync(join(shadow, 'mongosh'), { mode: 0o755 });
    const record = recordAt();
    const found = await run(world, ['clusters', 'connect', 'sh-cur'], { version: 'default', env: { PATH: `${shadow}:${QUIET_PATH}`, RECORD: record } });
    expect(found.exitCode, found.stderr).toBe(0);
    expect(found.stderr).toBe('');
    expect(argvOf(record)[0]).toMatch(/^mongodb\+srv:\/\//);

    const alone = await run(world, ['clusters', 'connect', 'sh-cur'], { version: 'default', on: 'witness', env: { PATH: `${shadow}:${dirname(process.execPath)}`, RECORD: recordAt() } });
    expectUsage(alone, /^cdba: mongosh is not on PATH; install it from/);
    expectNoRequest(world);
  });

  describe('a connection string from the service that is not a mongodb:// URI', () => {
    let proxy: AnswerProxy;
    // An option to mongosh if it came first on its argv, with an ESC that must not reach the terminal.
    const HOSTILE = '--eval=require("fs").writeFileSync("PWNED","")\u001b[2J';
    beforeAll(async () => {
      proxy = await answerProxy(world.emulators.fast.url);
      proxy.rewrite = (method, path, body) =>
        method === 'GET' && path === `/api/atlas/v2/groups/${PROJECT}/clusters/sh-cur` && body !== null && typeof body === 'object'
          ? { ...body, connectionStrings: { ...(body as { connectionStrings?: object }).connectionStrings, standard: HOSTILE } }
          : undefined;
    });
    afterAll(async () => {
      await proxy.close();
    });

    it.each([[[]], [['--print']]])('is refused before mongosh runs (%j): one line, exit 7, the text escaped', async (extra) => {
      const record = recordAt();
      const result = await run(world, ['clusters', 'connect', 'sh-cur', '--no-srv', ...extra], {
        version: 'default',
        env: { PATH: QUIET_PATH, RECORD: record, CDBA_BASE_URL: proxy.url },
      });
      expect(result.exitCode, result.stderr).toBe(7);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'cdba: the service\'s connection string standard of cluster "sh-cur" is not a mongodb:// or mongodb+srv:// URI: ' +
        '"--eval=require("fs").writeFileSync("PWNED","")\\x1b[2J"; mongosh was not run; retry later; if it persists, check the base URL\n',
      );
      expect(existsSync(`${record}.argv`)).toBe(false);
    });
  });
});
