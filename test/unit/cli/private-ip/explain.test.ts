// What `private-ip disable` says before it asks: the transition, then each cluster's
// Private IP for Peering strings.
import { describe, expect, it } from 'vitest';
import { clusterLines, transitionLines } from '../../../../src/cli/private-ip/explain.js';
import { settingTable } from '../../../../src/cli/private-ip/setting.js';
import { issueConnectionStrings, listConnectionStrings, type IssueInput } from '../../../../src/connstring/index.js';

const input: IssueInput = {
  cluster: 'app',
  hash: 'ab12c',
  clusterType: 'REPLICASET',
  nodeCount: 3,
  shardCount: 1,
  provider: 'AWS',
  peering: false,
  privateEndpoints: [],
  legacy: false,
  privateIpMode: true,
  replicaSetSeed: 'seed',
};
const entries = (over: Partial<IssueInput> = {}) => listConnectionStrings({ connectionStrings: issueConnectionStrings({ ...input, ...over }) });

describe('transitionLines', () => {
  it("states the seed's three points about the transition", () => {
    const text = transitionLines('p1').join('\n');
    expect(text).toMatch(/^Private IP mode \(peering-only mode\) is on for project p1\. Turning it off:/);
    expect(text).toContain('lifts the peering-only restrictions');
    expect(text).toContain('makes expansion into more regions possible');
    expect(text).toContain('assumes applications already use the "Private IP for Peering" strings');
  });
});

describe('clusterLines', () => {
  it('lists each cluster with its -pri strings; none, and legacy strings, are said', () => {
    const lines = clusterLines('p1', [
      { name: 'app', entries: entries() },
      { name: 'free', entries: entries({ cluster: 'free', provider: 'TENANT' }) },
      { name: 'old', entries: entries({ cluster: 'old', legacy: true, provider: 'GCP' }) },
    ]);
    expect(lines[0]).toBe('Clusters of project p1 and their "Private IP for Peering" strings (3):');
    expect(lines.slice(1, 4)).toEqual([
      '  app',
      expect.stringMatching(/^ {4}mongodb:\/\/app-shard-00-00-pri\.ab12c\.mongodb\.net:27017,app-shard-00-01-pri\..+replicaSet=atlas-[a-z0-9]{6}-shard-0$/),
      '    mongodb+srv://app-pri.ab12c.mongodb.net',
    ]);
    expect(lines.slice(4, 6)).toEqual(['  free', '    (no Private IP for Peering string)']);
    expect(lines[6]).toBe('  old');
    expect(lines.at(-1)).toBe('    note: it also has legacy strings, which resolve to public IPs once the mode is off');
    expect(lines).toContain('    mongodb+srv://old-pri.ab12c.mongodb.net');
  });

  it('lists the first 20 clusters; the rest are counted in one line, with the command that shows any of them', () => {
    const many = Array.from({ length: 1050 }, (_, i) => {
      const name = `c${String(i).padStart(4, '0')}`;
      return { name, entries: entries({ cluster: name, ...(i % 10 === 0 ? { provider: 'TENANT' } : {}), ...(i % 100 === 1 ? { legacy: true, provider: 'GCP' } : {}) }) };
    });
    const lines = clusterLines('p1', many, 'cdba -P prod conn-string list <name>');
    expect(lines.length).toBeLessThan(20 * 4 + 3);
    expect(lines.filter((line) => /^ {2}c\d{4}$/.test(line))).toHaveLength(20);
    const rest = many.slice(20);
    const without = rest.filter((_, i) => (i + 20) % 10 === 0).length;
    const legacy = rest.filter((_, i) => (i + 20) % 100 === 1).length;
    expect(lines.at(-1)).toBe(
      `  …and 1030 more: ${1030 - without} with Private IP for Peering strings, ${without} without, ${legacy} also with legacy strings; \`cdba -P prod conn-string list <name>\` shows any of them`,
    );
  });

  it('says when the project has no clusters', () => {
    expect(clusterLines('p1', [])).toEqual(['Project p1 has no clusters.']);
  });
});

describe('settingTable', () => {
  it('shows the project and on/off', () => {
    const table = settingTable('p1');
    const rows = table.rows({ enabled: false, links: [] });
    expect(rows).toEqual([{ projectId: 'p1', enabled: false }]);
    expect(table.columns.map((c) => c.header)).toEqual(['PROJECT ID', 'PRIVATE IP MODE']);
    expect(table.columns.map((c) => c.value(rows[0]!))).toEqual(['p1', 'off']);
    expect(table.columns[1]!.value({ projectId: 'p1', enabled: true })).toBe('on');
  });
});
