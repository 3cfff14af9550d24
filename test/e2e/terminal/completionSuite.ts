// Completion in real bash, zsh and fish: each command completes its own values
// (conn-string get --type is not clusters create --type), profile names for -P
// and the profile verbs, and cluster names, asked of the service with the -P,
// --project-id and --base-url on the line, for every command that takes one;
// silent when the service is down. A shell that is missing is skipped, with a note.
// One file per shell (completion.<shell>.test.ts) calls this, so the three run at once.
//
// bash is driven as a user drives it: one interactive bash in a pseudo-terminal (pty.ts)
// for the whole file, the line typed and completed by readline, so COMP_WORDS, COMP_CWORD,
// COMP_LINE and COMP_POINT are what readline makes of the line (split at COMP_WORDBREAKS:
// `--project-id=x` is three words to bash, `http://h:1` five), and what a completion does
// to the line is what readline inserts. A line is completed with insert-completions (M-*,
// the same completion as TAB, every match inserted), and a key bound with `bind -x` prints
// the resulting line, which the test reads back.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { CDBA_BIN, cdba, tempDir } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { closedPort, knownSeed, modernBody, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, testServer } from '../../reliability/support.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';
import { plain, scriptAvailable, shellInTerminal, type Terminal } from './pty.js';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../../src/cli/tree.js';

export type Shell = 'bash' | 'zsh' | 'fish';

/** The tests for `shells`; `withCommon`: also those that need one shell only (run once, with bash). */
export function completionTests(shells: readonly Shell[], withCommon: boolean): void {

  // bash's completions are typed into a pseudo-terminal (util-linux `script`).
  const available = (shell: Shell): boolean => !missingTool(shell, commandWorks(shell), 'its completion tests are') && (shell !== 'bash' || scriptAvailable);
  const SHELLS = shells.map((shell) => ({ shell, present: available(shell) }));

  const CLUSTERS = ['alpha', 'beta-1'];
  /**
   * Every command whose first argument the tree declares a cluster's name (completed by
   * the `clusters` lookup), as typed before the name: by its name and by each alias.
   */
  const CLUSTER_COMMANDS = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never))
    .filter((c) => { const first = c.args[0]?.completion; return first?.kind === 'lookup' && first.list === 'clusters' && !first.ofFirst; })
    .flatMap((c) => [c.name, ...c.aliases].map((name) => [...c.path.slice(0, -1), name].join(' ')));
  /** A snapshot of alpha the seed declares, among its schedule's. */
  const SNAPSHOT = '6a7944f22c88faeba59d3572';
  /** alpha's search indexes, as `search-indexes get alpha <TAB>` offers them. */
  const INDEXES = ['app.items/default', 'app.items/vectors'];

  let emu: RunningEmulator;
  let dir: string;
  /** A restore job of alpha's, made once the profile is there. */
  let restoreJob: string;
  let configDir: string;
  beforeAll(async () => {
    const index = (name: string, definition: Record<string, unknown>, type = 'search'): Record<string, unknown> => ({ database: 'app', collectionName: 'items', name, type, definition });
    ({ emu } = await withEmulator({
      seed: knownSeed({
        clusters: CLUSTERS.map((name) => ({ projectId: PROJECT_ID, cluster: { ...modernBody(name), backupEnabled: name === 'alpha' } })),
        backups: [{ projectId: PROJECT_ID, clusterName: 'alpha', snapshots: [{ id: SNAPSHOT }] }],
        // An ID of each kind an argument names (peer, container, private endpoint service).
        networkPeering: [{ projectId: PROJECT_ID, container: { providerName: 'GCP', atlasCidrBlock: '10.128.0.0/18' }, peers: [{ providerName: 'GCP', gcpProjectId: 'my-project', networkName: 'my-vpc' }] }],
        privateEndpointServices: [{ projectId: PROJECT_ID, providerName: 'AZURE', region: 'eastus2' }],
        clusterData: [{ projectId: PROJECT_ID, clusterName: 'alpha', collections: ['app.items'] }],
        searchIndexes: [
          { projectId: PROJECT_ID, clusterName: 'alpha', index: index('default', { mappings: { dynamic: true } }) },
          { projectId: PROJECT_ID, clusterName: 'alpha', index: index('vectors', { fields: [{ type: 'vector', path: 'e', numDimensions: 3, similarity: 'cosine' }] }, 'vectorSearch') },
        ],
      }),
    }));
    dir = tempDir('cdba-completion-');
    configDir = join(dir, 'config');
    mkdirSync(configDir, { mode: 0o700 });
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'cdba'), `#!/bin/sh\nexec node ${CDBA_BIN} "$@"\n`, { mode: 0o755 });
    for (const name of ['prod', 'staging']) {
      const set = await cdba(['profile', 'set', name, 'apiVersion', 'v1.0'], { configDir });
      expect(set.exitCode, set.stderr).toBe(0);
    }
    // A profile that reaches the emulator; the current profile does not.
    const add = await cdba(['profile', 'add', 'emu', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--base-url', emu.url, '--project-id', PROJECT_ID], { configDir, input: OWNER_PRIVATE });
    expect(add.exitCode, add.stderr).toBe(0);
    // The same keys, but a URL where nothing listens and another project: only the
    // --base-url and --project-id on the line reach the emulator's clusters.
    const stray = await cdba(['profile', 'add', 'stray', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--base-url', `http://127.0.0.1:${await closedPort()}`, '--project-id', 'ab'.repeat(12)], { configDir, input: OWNER_PRIVATE });
    expect(stray.exitCode, stray.stderr).toBe(0);
    const job = await cdba(['-P', 'emu', 'backups', 'restores', 'create', 'alpha', '--snapshot', SNAPSHOT, '--to', 'beta-1', '--yes', '--query', 'id'], { configDir });
    expect(job.exitCode, job.stderr).toBe(0);
    restoreJob = JSON.parse(job.stdout) as string;
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const script = await cdba(['completion', shell], { configDir });
      expect(script.exitCode).toBe(0);
      writeFileSync(join(dir, `cdba.${shell}`), script.stdout);
    }
  });
  afterAll(async () => {
    if (bash) {
      bash.type('exit\r');
      await bash.done();
    }
    await emu?.stop();
  });

  const q = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

  /** The interactive bash every bash completion of the file is typed into; `asked`: lines so far. */
  let bash: Terminal | undefined;
  let asked = 0;
  const ready = /^READY\$ /m;

  /**
   * What bash's readline makes of `line` (the cursor at its end) and its completion: the
   * words it inserted in place of the word being typed, and what the script wrote on stderr.
   * Before each line, a key sources a file that loads the script afresh, runs `prelude` and
   * sets the environment: no line is ever run (the last key empties it).
   */
  async function completeInBash(line: string, prelude: string, env: Record<string, string | undefined>): Promise<{ words: string[]; stderr: string }> {
    const setup = join(dir, 'bash-setup.sh');
    const stderr = join(dir, 'bash-stderr');
    if (!bash) {
      const rc = join(dir, 'bash-rc');
      writeFileSync(rc, [
        "PS1='READY$ '",
        'HISTFILE=/dev/null',
        "bind 'set bell-style none'",
        "bind 'set enable-bracketed-paste off'",
        `bind '"\\C-xc": insert-completions'`,
        `bind -x '"\\C-xs": source ${setup}'`,
        `bind -x '"\\C-xy": printf "\\nRESULT%s<%s>\\n" "$_cdba_test_n" "$READLINE_LINE"; READLINE_LINE=; READLINE_POINT=0'`,
        // The script's function as readline calls it, its stderr kept for the test.
        `_cdba_test() { _cdba "$@" 2>>${q(stderr)}; }`,
        '',
      ].join('\n'));
      bash = shellInTerminal(`exec bash --noprofile --rcfile ${q(rc)} -i`, {
        columns: 4000,
        env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, HOME: dir, LANG: 'C.UTF-8' },
        timeoutMs: 900_000,
      });
      await bash.seen(ready);
    }
    const n = ++asked;
    const exports = Object.entries(env).map(([name, value]) => (value === undefined ? `unset ${name}` : `export ${name}=${q(value)}`));
    writeFileSync(setup, [`source ${q(join(dir, 'cdba.bash'))}`, prelude, ...exports, `: > ${q(stderr)}`, `_cdba_test_n=${n}`, 'complete -F _cdba_test cdba', ''].join('\n'));
    // Typed while readline reads (after the prompt): the setup, the line, M-*, the report.
    const result = new RegExp(`^RESULT${n}<(.*)>\\n${ready.source.slice(1)}`, 'm');
    bash.type(`\x18s${line}\x18c\x18y`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      bash.seen(result),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`bash did not complete ${line}: ${plain(bash!.text()).slice(-2000)}`)), 60_000); }),
    ]).finally(() => clearTimeout(timer));
    const typed = result.exec(plain(bash.text()))![1]!;
    // The line as it was: nothing inserted. Otherwise the words from where the typed word starts (blank-separated, as readline quotes them).
    const start = line.lastIndexOf(' ') + 1;
    expect(typed.slice(0, start), typed).toBe(line.slice(0, start));
    const words = typed === line ? [] : typed.slice(start).split(/(?<!\\) /).filter(Boolean).map((w) => w.replace(/\\(.)/g, '$1'));
    return { words: [...new Set(words)].sort(), stderr: readFileSync(stderr, 'utf8') };
  }

  /** What `shell` offers for `line` with the cursor at its end; also what it wrote on stderr. */
  /** `prelude`: shell code run after the script is sourced (to replace one of its functions). */
  async function complete(shell: Shell, line: string, options: { prelude?: string; configDir?: string; deadline?: 'default' } = {}): Promise<{ words: string[]; stderr: string }> {
    const prelude = options.prelude ?? ':';
    // A lookup's 3 s is a user's patience, not a loaded test machine's (seen: a peering list past it at load 11).
    const timeout = options.deadline === 'default' ? undefined : '100s';
    if (shell === 'bash') return completeInBash(line, prelude, { CDBA_CONFIG_DIR: options.configDir ?? configDir, CDBA_COMPLETE_TIMEOUT: timeout });
    const words = line.split(' ');
    const script = join(dir, `cdba.${shell}`);
    let args: string[];
    if (shell === 'zsh') {
      // The real bashcompinit bridge runs our function; compadd (a builtin only a
      // completion widget may call) is replaced by a printer of what it is given.
      args = [
        '-f',
        '-c',
        [
          // compinit only registers widgets, which this harness does not use, and costs
          // 0.2 s of CPU per shell: bashcompinit's `complete` needs only compdef, which
          // here checks that the script registers for cdba (else a stderr line fails the test).
          "compdef() { [[ ${@[-1]} == cdba ]] || print -u2 -- \"compdef for ${@[-1]}\" }",
          `source ${script}`,
          prelude,
          'compadd() { local seen=0 a; for a in "$@"; do if (( seen )); then print -r -- "$a"; elif [[ $a == - ]]; then seen=1; fi; done }',
          `words=(${words.map(q).join(' ')})`,
          `CURRENT=${words.length}`,
          '_bash_complete -F _cdba',
        ].join('\n'),
      ];
    } else {
      args = ['--no-config', '-c', `source ${script}; ${prelude}; complete -C ${q(line)}`];
    }
    const result = await execa(shell, args, {
      env: {
        PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
        CDBA_CONFIG_DIR: options.configDir ?? configDir,
        HOME: dir,
        LANG: 'C.UTF-8',
        ...(timeout ? { CDBA_COMPLETE_TIMEOUT: timeout } : {}),
      },
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    expect(result.exitCode === 0 || result.exitCode === 1, `${shell}: ${result.stderr}`).toBe(true);
    const offered = result.stdout
      .split('\n')
      .map((l) => l.split('\t')[0]!)
      .filter(Boolean);
    return { words: [...new Set(offered)].sort(), stderr: result.stderr };
  }

  const offered = async (shell: Shell, line: string, options: { configDir?: string } = {}): Promise<string[]> => (await complete(shell, line, options)).words;

  describe.each(SHELLS)('completion in $shell', ({ shell, present }) => {
    it.skipIf(!present)('each command completes its own --type values', async () => {
      expect(await offered(shell, 'cdba conn-string get c1 --type ')).toEqual(['legacy', 'private', 'private-endpoint', 'standard']);
      expect(await offered(shell, 'cdba clusters create c1 --type ')).toEqual(['GEOSHARDED', 'REPLICASET', 'SHARDED']);
      expect(await offered(shell, 'cdba conn-string list c1 --output ')).toEqual(['json', 'pretty', 'table']);
    });

    it.skipIf(!present)('-P and the profile verbs offer every profile', async () => {
      expect(await offered(shell, 'cdba -P ')).toEqual(['emu', 'prod', 'staging', 'stray']);
      expect(await offered(shell, 'cdba profile use ')).toEqual(['emu', 'prod', 'staging', 'stray']);
      expect(await offered(shell, 'cdba profile show ')).toEqual(['emu', 'prod', 'staging', 'stray']);
    });

    // One test per command: each completion starts a shell and a cdba, and ten of them in a
    // row outlast the test's hang-stopper on a machine loaded 25-deep (seen twice).
    // zsh runs bash's own _cdba through bashcompinit: one command shows the bridge carries the names.
    it.skipIf(!present).each(shell === 'zsh' ? CLUSTER_COMMANDS.slice(0, 1) : CLUSTER_COMMANDS)('cluster names for %s, from the profile on the line', async (command) => {
      expect(await offered(shell, `cdba -P emu ${command} `), command).toEqual(CLUSTERS);
    });

    it.skipIf(!present)('cluster names: the typed prefix, conn-string alone, and --project-id/--base-url on the line', async () => {
      // Matching the typed prefix is zsh's compadd's job, which this harness replaces.
      if (shell !== 'zsh') expect(await offered(shell, 'cdba -P emu clusters get be')).toEqual(['beta-1']);
      // `conn-string <cluster>` is `conn-string get <cluster>`: names next to the subcommands.
      expect(await offered(shell, 'cdba -P emu conn-string ')).toEqual(expect.arrayContaining([...CLUSTERS, 'get', 'list', 'parse']));
      // --project-id and --base-url on the line are used too (here: the profile's reach neither the emulator nor its project).
      expect(await offered(shell, `cdba --base-url ${emu.url} --project-id ${PROJECT_ID} -P stray clusters watch `)).toEqual(CLUSTERS);
    });

    // bash splits its words at ':' and '=' too (COMP_WORDBREAKS): `--base-url http : //127.0.0.1 : 40533`.
    it.skipIf(!present)('--base-url URL, --project-id=ID, --profile=NAME and a host:port, as typed', async () => {
      expect(await offered(shell, `cdba -P stray --base-url ${emu.url} --project-id ${PROJECT_ID} backups snapshots list `)).toEqual(CLUSTERS);
      expect(await offered(shell, `cdba -P stray --base-url=${emu.url} --project-id=${PROJECT_ID} clusters get `)).toEqual(CLUSTERS);
      expect(await offered(shell, 'cdba --profile=emu backups snapshots list ')).toEqual(CLUSTERS);
      // The words after a URL are the command's.
      if (shell !== 'zsh') expect(await offered(shell, `cdba --base-url ${emu.url} -P emu backups sn`)).toEqual(['snapshots']);
      // A process ID is host:port: bash has the host and the ':' as words of their own, and inserts the port.
      const [id] = JSON.parse((await cdba(['-P', 'emu', 'processes', 'list', '-o', 'json', '--query', 'results[].id'], { configDir })).stdout) as string[];
      expect(id).toMatch(/^[a-z0-9.-]+:2[0-9]+$/);
      const host = id!.slice(0, id!.indexOf(':'));
      expect(await offered(shell, `cdba -P emu processes get ${host}:2`)).toEqual([id]);
      if (shell !== 'zsh') expect(await offered(shell, `cdba -P emu processes get ${host}:`)).toEqual([id]);
    });

    it.skipIf(!present)('IDs the service lists: peers, containers and private endpoint services, every provider\'s', async () => {
      const idsOf = async (args: string[]): Promise<string[]> => JSON.parse((await cdba(['-P', 'emu', ...args, '-o', 'json', '--query', 'results[].id'], { configDir })).stdout) as string[];
      const [peers, containers, services] = [await idsOf(['peering', 'list']), await idsOf(['peering', 'containers', 'list']), await idsOf(['private-endpoints', 'list'])];
      expect([peers.length, containers.length, services.length]).toEqual([1, 1, 1]);
      expect(await offered(shell, 'cdba -P emu peering watch ')).toEqual(peers);
      expect(await offered(shell, 'cdba -P emu peering containers delete ')).toEqual(containers);
      expect(await offered(shell, 'cdba -P emu private-endpoints interfaces add ')).toEqual(services);
    });

    it.skipIf(!present)('search index names of the cluster typed before, for the index of get, update and delete', async () => {
      expect(await offered(shell, 'cdba -P emu search-indexes get alpha ')).toEqual(INDEXES);
      if (shell === 'zsh') return;
      expect(await offered(shell, 'cdba -P emu search-indexes delete alpha --yes app.items/d')).toEqual(['app.items/default']);
      expect(await offered(shell, 'cdba -P emu search-indexes update beta-1 ')).toEqual([]);
      // Not past the index; nor for list, which takes none (fish, as for every cluster verb, offers clusters there again).
      expect(await offered(shell, 'cdba -P emu search-indexes get alpha app.items/default ')).toEqual([]);
      if (shell === 'bash') expect(await offered(shell, 'cdba -P emu search-indexes list alpha ')).toEqual([]);
    });

    it.skipIf(!present)('snapshot and restore job IDs of the cluster typed before; restores create --snapshot offers latest too', async () => {
      // The schedule's snapshots come and go with the clock: the seed's one is among them, and every word is an ID.
      const snapshots = await offered(shell, 'cdba -P emu backups snapshots get alpha ');
      expect(snapshots).toContain(SNAPSHOT);
      expect(snapshots.length).toBeGreaterThan(10);
      expect(snapshots.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
      if (shell === 'zsh') return;
      const flag = await offered(shell, 'cdba -P emu backups restores create alpha --snapshot ');
      expect(flag).toContain('latest');
      expect(flag).toContain(SNAPSHOT);
      expect(await offered(shell, 'cdba -P emu backups restores get alpha ')).toEqual([restoreJob]);
      expect(await offered(shell, 'cdba -P emu backups restores get beta-1 ')).toEqual([]);
    });

    it.skipIf(!present)('api: operation names, then the named operation\'s flags and their enum values, from the description', async () => {
      expect(await offered(shell, 'cdba api listClust')).toEqual(expect.arrayContaining(['listClusters']));
      const flags = await offered(shell, 'cdba api listClusters --');
      expect(flags).toEqual(expect.arrayContaining(['--include-count', '--items-per-page', '--page-num', '--all', '--output', '--project-id']));
      // The raw form's flags are not the operation's; the raw form keeps them.
      expect(flags).not.toContain('--method');
      expect(flags).not.toContain('--paginate');
      expect(await offered(shell, 'cdba api /groups/x/clusters --')).toEqual(expect.arrayContaining(['--method', '--paginate', '--include']));
      expect(await offered(shell, 'cdba -P emu api getMongoDbVersions --cloud-provider ')).toEqual(['AWS', 'AZURE', 'GCP', 'TENANT']);
      expect(await offered(shell, 'cdba api listClusters --include-count ')).toEqual(['false', 'true']);
      // A free value is offered nothing; a global flag's value is the global flag's.
      expect(await offered(shell, 'cdba api getCluster --cluster-name ')).toEqual([]);
      expect(await offered(shell, 'cdba api getCluster -o ')).toEqual(['json', 'pretty', 'table']);
    });

    it.skipIf(!present)('no cluster names where a new name is typed', async () => {
      expect(await offered(shell, 'cdba -P emu clusters create ')).toEqual([]);
      expect(await offered(shell, 'cdba -P emu env up ')).toEqual([]);
    });

    it.skipIf(!present)('a service that is down: nothing offered, nothing printed', async () => {
      const port = await closedPort();
      const down = await complete(shell, `cdba -P emu --base-url http://127.0.0.1:${port} clusters get `);
      expect(down).toEqual({ words: [], stderr: '' });
    });
  });

  describe.each(SHELLS)('completion words are data in $shell', ({ shell, present }) => {
    const marker = (name: string): string => join(dir, name);
    const hostile = (): string[] => [`$(touch${'${IFS}'}${marker('by-dollar')})`, `\`touch${'${IFS}'}${marker('by-backtick')}\``, '*', '$HOME'];

    it.skipIf(!present)('a profile name that is shell code runs nothing on TAB, and names outside the rule are not offered', async () => {
      const hostileDir = join(dir, `hostile-${shell}`);
      mkdirSync(hostileDir, { mode: 0o700 });
      // Written by hand: cdba itself refuses such names now.
      const profiles = Object.fromEntries([...hostile(), 'ok-1', 'with space', 'new\nline'].map((name) => [name, { apiVersion: 'v1.0' }]));
      writeFileSync(join(hostileDir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
      expect(await offered(shell, 'cdba -P ', { configDir: hostileDir })).toEqual(['ok-1']);
      expect(await offered(shell, 'cdba profile use ', { configDir: hostileDir })).toEqual(['ok-1']);
      expect(existsSync(marker('by-dollar')) || existsSync(marker('by-backtick'))).toBe(false);
    });

    it.skipIf(!present)('the script itself never evaluates a word it is given', async () => {
      // Replace the name source with one that answers shell code, as a compromised or older cdba could.
      const words = hostile();
      const prelude = shell === 'fish'
        ? `function __cdba_profiles; printf '%s\\n' ${words.map(q).join(' ')}; end`
        : `_cdba_profiles() { printf '%s\\n' ${words.map(q).join(' ')}; }`;
      const result = await complete(shell, 'cdba -P ', { prelude });
      expect(existsSync(marker('by-dollar')) || existsSync(marker('by-backtick'))).toBe(false);
      // bash and fish offer them as the words they are (zsh's compadd, replaced here, would quote them).
      if (shell !== 'zsh') expect(result.words).toEqual([...words].sort());
    });
  });

  if (withCommon) it.skipIf(!available('bash'))('bash completes file names after a flag that takes a file', async () => {
    const files = join(dir, 'files');
    mkdirSync(files);
    writeFileSync(join(files, 'body one.json'), '{}');
    writeFileSync(join(files, 'body-two.json'), '{}');
    for (const line of [`cdba clusters create c1 --file ${files}/bo`, `cdba api /x --input ${files}/bo`, `cdba emulator --seed ${files}/bo`]) {
      expect(await offered('bash', line), line).toEqual([`${files}/body one.json`, `${files}/body-two.json`]);
    }
    // Not where a value is no file.
    expect(await offered('bash', `cdba clusters list --query ${files}/bo`)).toEqual([]);
  });

  // Every shell only runs `cdba __complete` and prints what it gives, so the
  // lookup's deadline (seconds of waiting) is tested once, through bash.
  if (withCommon) it('a service that stalls: the lookup\'s own deadline ends it, nothing offered, nothing printed', async () => {
    const stall = await testServer(() => undefined); // never answers
    try {
      const stalled = await complete('bash', `cdba -P emu --base-url ${stall.url} --project-id ${'ab'.repeat(12)} clusters get `, { deadline: 'default' });
      expect(stalled).toEqual({ words: [], stderr: '' });
    } finally {
      await stall.close();
    }
  });
}
