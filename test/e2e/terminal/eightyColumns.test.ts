// An 80-column terminal (issue 32, item 8): every --help in the tree fits it
// (wrapped to the terminal's width, 80 in a pipe), and tables choose the columns
// to drop before cutting what a user copies (IDs and names) or a short value
// (FLEX (AWS), REPLICASET), and never cut a header. In-process, on a TestIO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../../src/cli/tree.js';
import { IO } from '../../../src/base/io.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { displayWidth } from '../../../src/output/fit.js';
import { cdba } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet, sharded } from '../conn-string/world.js';

const COLUMNS = 80;
/** Lines of a screen: a subcommand's --help fits it (issue 43, item 14). */
const SCREEN = 40;
const ORG = '5f00000000000000000000aa';
const HOME = 'b0000000000000000000000a';
const OTHER = 'b0000000000000000000000b';

/**
 * Lines allowed to be wider, each with its reason: a token no wrap can break
 * (an example's commands break between shell words, never inside a quoted one).
 */
const UNBREAKABLE: RegExp[] = [
  // versions: one jq program in single quotes, 78 characters, on its continuation line.
  /^ {6}'\.operations\[\] \| select\(\.daysLeft != null and \.daysLeft <= 365\) \| \.operation'$/,
];

const tooWide = (text: string): string[] =>
  text.split('\n').filter((line) => displayWidth(line) > COLUMNS && !UNBREAKABLE.some((allowed) => allowed.test(line)));

describe('every --help fits 80 columns', () => {
  const tree = describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never);
  const paths = flatten(tree).map((c) => c.path);

  it('the tree has its commands', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths).toContainEqual(['clusters', 'list']);
  });

  it.each(paths.map((path) => [path.join(' ') || '(cdba)', path] as const))('cdba %s --help, on a terminal and in a pipe', async (_name, path) => {
    for (const options of [{ tty: true, columns: COLUMNS }, { tty: false }]) {
      const result = await cdba([...path, '--help'], options);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Usage: cdba/);
      expect(tooWide(result.stdout), JSON.stringify(options)).toEqual([]);
    }
  });

  // Issue 43, item 14: a subcommand's own options first, the global ones in one short
  // list that points to `cdba --help`, so its help fits a screen.
  it.each(paths.filter((path) => path.length > 0).map((path) => [path.join(' '), path] as const))('cdba %s --help fits a screen: at most 40 lines at 80 columns, the global options in one short list', async (_name, path) => {
    const { stdout } = await cdba([...path, '--help'], { tty: true, columns: COLUMNS });
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length, stdout).toBeLessThanOrEqual(SCREEN);
    expect(stdout).not.toMatch(/^Global Options:$/m);
    const globals = stdout.indexOf('Global options (each described by cdba --help):\n');
    expect(globals, stdout).toBeGreaterThan(0);
    // After the command's own options and commands; before the examples.
    expect(globals).toBeGreaterThan(stdout.indexOf('Options:\n'));
    if (stdout.includes('\nExamples:\n')) expect(globals).toBeLessThan(stdout.indexOf('\nExamples:\n'));
    const list = stdout.slice(globals).split('\n\n')[0]!.split('\n').slice(1).join(' ');
    for (const name of ['-P/--profile', '-o/--output', '--query', '--project-id', '--api-version', '--base-url', '--timeout', '--wide', '--debug', '--error-format', '--no-color', '-y/--yes']) expect(list).toContain(name);
  });

  it("a group lists each command by its summary (what it does); the command's own help has its whole description", async () => {
    const group = (await cdba(['clusters', '--help'], { tty: true, columns: 250 })).stdout;
    expect(group).toMatch(/^ {2}list\|ls \[options\] +list the clusters of the project, one page at a time or all at once$/m);
    expect(group).toMatch(/^ {2}patch\|update \[options\] <name> +change fields of a cluster$/m);
    const own = (await cdba(['clusters', 'list', '--help'], { tty: true, columns: 250 })).stdout;
    expect(own).toContain("list the clusters of the project, one page at a time or all at once; the table includes the flex clusters, while -o json is the clusters API's document as sent (--tier FLEX: the flex API's)");
  });

  it('examples that do not fit the screen, and details left out of --help, are named in one line pointing at the man page', async () => {
    const create = (await cdba(['clusters', 'create', '--help'], { tty: true, columns: COLUMNS })).stdout;
    expect(create).toMatch(/^Examples \(6\) and more details: man cdba-clusters$/m);
    const list = (await cdba(['clusters', 'list', '--help'], { tty: true, columns: COLUMNS })).stdout;
    expect(list).toMatch(/^ {2}# The first page as a table$/m);
    // The notes stay whole after the examples.
    expect(list).toMatch(/is that failure's \(3: 401\/403, 7: 5xx after retries\)\.\n$/);
    // cdba's own help shows all of its examples.
    const root = (await cdba(['--help'], { tty: true, columns: COLUMNS })).stdout;
    expect(root.match(/^ {2}\$ /gm)).toHaveLength(3);
  });

  it('cdba --help describes every global option in full, as the subcommands point to it', async () => {
    const { stdout } = await cdba(['--help'], { tty: true, columns: COLUMNS });
    const program = buildProgram(new App(IO.test(), {}, '0.0.0'));
    for (const option of program.options) expect(stdout).toContain(option.flags);
    expect(stdout).toMatch(/^ {2}--query <jmespath> +JMESPath expression applied to the result before$/m);
  });

  it('help follows the terminal: one line per command at 250 columns, wrapped at 60', async () => {
    const createLine = /^ {2}create \[options\] <name> +create a cluster from flags, from a JSON body \(--file\), or both \(flags override the file\)$/m;
    expect((await cdba(['clusters', '--help'], { tty: true, columns: 250 })).stdout).toMatch(createLine);
    const narrow = await cdba(['clusters', '--help'], { tty: true, columns: 60 });
    expect(narrow.stdout.split('\n').filter((line) => displayWidth(line) > 60)).toEqual([]);
    // The term too long for the column has its own line, its description under the others'.
    expect(narrow.stdout).toMatch(/^ {2}connect \[options\] <name> \[mongosh-args\.\.\.\]\n {10,}open mongosh/m);
  });
});

describe('tables at 80 columns', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({
      seed: {
        orgs: [{ id: ORG, name: 'acme' }],
        projects: [
          { id: HOME, name: 'home', orgId: ORG },
          { id: OTHER, name: 'analytics-staging', orgId: ORG },
        ],
        apiKeys: [{ ...OWNER, roles: [{ projectId: HOME, roleName: 'GROUP_OWNER' }, { projectId: OTHER, roleName: 'GROUP_OWNER' }] }],
        clusters: [
          { projectId: HOME, cluster: replicaSet('demo') },
          { projectId: HOME, cluster: sharded('analytics-reporting') },
        ],
        flexClusters: [{ projectId: HOME, cluster: { name: 'ci-1', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
        rateLimit: { perMinute: 100_000 },
      },
    });
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  /** The table's lines at 80 columns, each no wider; and its header's names, each whole. */
  async function tableAt80(args: string[], headers: string[]): Promise<{ lines: string[]; shown: string[] }> {
    const result = await cdba([...args, '--no-color'], { env: ownerEnv(emu.url, HOME), tty: true, columns: COLUMNS });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(COLUMNS);
    const shown = lines[0]!.split(/ {2,}/);
    for (const header of shown) expect(headers, `header "${header}"`).toContain(header);
    return { lines, shown };
  }

  it('clusters list with a flex cluster: names, FLEX (AWS), REPLICASET and the headers whole; CREATED, then DB VERSION, go first', async () => {
    const { lines, shown } = await tableAt80(['clusters', 'list'], ['NAME', 'STATE', 'DB VERSION', 'TYPE', 'PROVIDER', 'REGION', 'TIER', 'DISK', 'CREATED']);
    expect(shown).toEqual(['NAME', 'STATE', 'TYPE', 'PROVIDER', 'REGION', 'TIER']);
    const row = (name: string): string => lines.find((l) => l.startsWith(`${name} `))!;
    for (const name of ['demo', 'analytics-reporting', 'ci-1']) expect(row(name), name).toBeDefined();
    expect(row('ci-1')).toMatch(/ FLEX \(AWS\) /);
    expect(row('demo')).toMatch(/ REPLICASET +AWS +US_EAST_1 +M10$/);
    expect(row('analytics-reporting')).toMatch(/ SHARDED \(2 shards\) /);
  });

  // Issue 43, item 8: a 46-character name, as the issue met it (an emulator of its own, so the others' counts hold).
  it('clusters list with a 46-character name: the name and TYPE whole, whole columns dropped in the declared order', async () => {
    const name = 'analytics-reporting-eu-west-replica-set-000001';
    const own = await startEmulator({
      seed: {
        orgs: [{ id: ORG, name: 'acme' }],
        projects: [{ id: HOME, name: 'home', orgId: ORG }],
        apiKeys: [{ ...OWNER, roles: [{ projectId: HOME, roleName: 'GROUP_OWNER' }] }],
        clusters: [{ projectId: HOME, cluster: sharded(name) }, { projectId: HOME, cluster: replicaSet('demo') }],
      },
    });
    try {
      const result = await cdba(['clusters', 'list', '--no-color'], { env: ownerEnv(own.url, HOME), tty: true, columns: COLUMNS });
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      const shown = lines[0]!.split(/ {2,}/);
      // The declared order: CREATED, DB VERSION, PROVIDER, REGION go, each whole (then TIER, then TYPE); nothing is cut.
      expect(shown).toEqual(['NAME', 'STATE', 'TYPE', 'TIER']);
      expect(lines.find((l) => l.startsWith(`${name} `))).toMatch(/ SHARDED \(2 shards\) +M\d+$/);
      expect(result.stdout).not.toContain('…');
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(COLUMNS);
    } finally {
      await own.stop();
    }
  });

  it('projects list: ID, NAME and ORG ID whole; CREATED gives way first', async () => {
    const { lines, shown } = await tableAt80(['projects', 'list'], ['ID', 'NAME', 'CLUSTERS', 'ORG ID', 'CREATED']);
    expect(shown.slice(0, 4)).toEqual(['ID', 'NAME', 'CLUSTERS', 'ORG ID']);
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(new RegExp(`^${HOME} +home +2 +${ORG}( |$)`)),
      expect.stringMatching(new RegExp(`^${OTHER} +analytics-staging +0 +${ORG}( |$)`)),
    ]);
  });

  it('--wide still shows every column in full', async () => {
    const result = await cdba(['projects', 'list', '--no-color', '--wide'], { env: ownerEnv(emu.url, HOME), tty: true, columns: COLUMNS });
    expect(result.stdout.split('\n')[0]).toMatch(/^ID +NAME +CLUSTERS +ORG ID +CREATED$/);
  });
});
