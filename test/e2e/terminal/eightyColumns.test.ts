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

  it('help follows the terminal: one line per command at 250 columns, wrapped at 60', async () => {
    const listLine = /^ {2}list\|ls \[options\] +list the clusters of the project, one page at a time or all at once; the table includes the flex clusters, while -o json is the clusters API's document as sent \(--tier FLEX: the flex API's\)$/m;
    expect((await cdba(['clusters', '--help'], { tty: true, columns: 250 })).stdout).toMatch(listLine);
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

  it('clusters list with a flex cluster: names, FLEX (AWS), REPLICASET and the headers whole; CREATED goes first', async () => {
    const { lines, shown } = await tableAt80(['clusters', 'list'], ['NAME', 'STATE', 'DB VERSION', 'TYPE', 'PROVIDER', 'REGION', 'TIER', 'DISK', 'CREATED']);
    expect(shown.slice(0, 2)).toEqual(['NAME', 'STATE']);
    expect(shown).not.toContain('CREATED');
    const row = (name: string): string => lines.find((l) => l.startsWith(`${name} `))!;
    for (const name of ['demo', 'analytics-reporting', 'ci-1']) expect(row(name), name).toBeDefined();
    expect(row('ci-1')).toMatch(/ FLEX \(AWS\) /);
    expect(row('demo')).toMatch(/ REPLICASET /);
    expect(row('demo')).toMatch(/ 7\.0\.\d+ /);
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
