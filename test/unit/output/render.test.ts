// Formatters: json, pretty, table (TTY) and tab-separated (pipe), and --query before formatting.
import { describe, expect, it } from 'vitest';
import { exitCodeFor, LocalFailureError, UsageError } from '../../../src/base/errors.js';
import { IO } from '../../../src/base/io.js';
import { applyQuery, cell, genericTable, keyValueLines, render, type TableSpec } from '../../../src/output/render.js';

interface Cluster {
  name: string;
  stateName: string;
  mongoDBVersion?: string;
  paused?: boolean;
}

const LIST = {
  results: [
    { name: 'c0', stateName: 'IDLE', mongoDBVersion: '7.0.12', paused: false },
    { name: 'analytics-long-name', stateName: 'CREATING', paused: true },
  ] satisfies Cluster[],
  totalCount: 2,
  links: [{ rel: 'self', href: 'https://cloud.mongodb.com/api/atlas/v2/groups/x/clusters?pageNum=1' }],
};

const CLUSTER_TABLE: TableSpec<Cluster> = {
  rows: (document) => (document as { results: Cluster[] }).results,
  columns: [
    { header: 'NAME', value: (c) => c.name },
    { header: 'STATE', value: (c) => c.stateName },
    { header: 'VERSION', value: (c) => c.mongoDBVersion },
    { header: 'PAUSED', value: (c) => c.paused },
  ],
};

const ESC = '\u001b[';
const table = CLUSTER_TABLE as unknown as TableSpec<never>;

describe('json and pretty', () => {
  it('json is the document as received, compact, on one line', async () => {
    const io = IO.test();
    await render(io, LIST, { format: 'json', table });
    expect(io.stdout).toBe(`${JSON.stringify(LIST)}\n`);
    expect(io.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(io.stdout)).toEqual(LIST);
    expect(io.stderr).toBe('');
  });

  it('pretty is indented by 2', async () => {
    const io = IO.test();
    await render(io, { a: 1, b: [true] }, { format: 'pretty' });
    expect(io.stdout).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}\n');
  });

  it('json never colours, even on a coloured TTY', async () => {
    const io = IO.test({ outIsTTY: true, colorLevel: 3 });
    await render(io, LIST, { format: 'json' });
    expect(io.stdout).not.toContain(ESC);
  });
});

describe('--query', () => {
  it('is applied before formatting', async () => {
    const json = IO.test();
    await render(json, LIST, { format: 'json', query: 'results[].name' });
    expect(json.stdout).toBe('["c0","analytics-long-name"]\n');

    const pretty = IO.test();
    await render(pretty, LIST, { format: 'pretty', query: 'totalCount' });
    expect(pretty.stdout).toBe('2\n');
  });

  it('a query that selects nothing prints null', async () => {
    const io = IO.test();
    await render(io, LIST, { format: 'json', query: 'nosuchfield' });
    expect(io.stdout).toBe('null\n');
  });

  it('an invalid expression is a usage error that quotes it', async () => {
    const io = IO.test();
    const rendered = render(io, LIST, { format: 'json', query: 'results[' });
    await expect(rendered).rejects.toBeInstanceOf(UsageError);
    await expect(applyQuery(LIST, 'results[')).rejects.toThrow(/^invalid --query "results\["/);
    expect(io.stdout).toBe('');
  });

  it('an expression that fails on the data (after the request) is exit 1, not a usage error', async () => {
    const io = IO.test();
    const rendered = render(io, LIST, { format: 'json', query: 'abs(results)' });
    await expect(rendered).rejects.toBeInstanceOf(LocalFailureError);
    await expect(applyQuery(LIST, 'abs(results)')).rejects.toThrow(/^--query "abs\(results\)" failed on the answer: /);
    expect(exitCodeFor(await applyQuery(LIST, 'abs(results)').catch((error: unknown) => error))).toBe(1);
    expect(io.stdout).toBe('');
  });

  it('in table format, the command\'s columns give way to a generic table of the result', async () => {
    const io = IO.test();
    await render(io, LIST, { format: 'table', table, query: 'results[].{n: name, s: stateName}' });
    expect(io.stdout).toBe('N\tS\nc0\tIDLE\nanalytics-long-name\tCREATING\n');
  });
});

describe('table in a pipe: tab-separated with a header row', () => {
  it('uses the command\'s columns', async () => {
    const io = IO.test({ outIsTTY: false });
    await render(io, LIST, { format: 'table', table });
    expect(io.stdout).toBe('NAME\tSTATE\tVERSION\tPAUSED\nc0\tIDLE\t7.0.12\tfalse\nanalytics-long-name\tCREATING\t\ttrue\n');
  });

  it('keeps the header when there are no rows', async () => {
    const io = IO.test();
    await render(io, { results: [], totalCount: 0 }, { format: 'table', table });
    expect(io.stdout).toBe('NAME\tSTATE\tVERSION\tPAUSED\n');
  });

  it('escapes tabs and newlines inside values (as \\t, \\n, \\r) so columns survive', async () => {
    const io = IO.test();
    const doc = { results: [{ name: 'a\tb', stateName: 'line1\nline2\r\nline3' }] };
    await render(io, doc, { format: 'table', table });
    expect(io.stdout).toBe('NAME\tSTATE\tVERSION\tPAUSED\na\\tb\tline1\\nline2\\r\\nline3\t\t\n');
    for (const line of io.stdout.slice(0, -1).split('\n')) expect(line.split('\t')).toHaveLength(4);
  });

  it('a terminalSafe column: printable ASCII shown as it is (its escapes not escaped again); anything else escaped as any cell', async () => {
    const spec: TableSpec<{ command: string; name: string }> = {
      rows: (document) => document as Array<{ command: string; name: string }>,
      columns: [
        { header: 'COMMAND', value: (r) => r.command, terminalSafe: true },
        { header: 'NAME', value: (r) => r.name },
      ],
    };
    const rows = [
      { command: 'db.getSiblingDB("sam\\u001b[2Jple")', name: 'sam\\u001b' },
      { command: 'raw\u001b[2J\ttab\\', name: 'x' },
      { command: 'bidi\u202e', name: 'y' },
    ];
    for (const tty of [false, true]) {
      const io = IO.test({ outIsTTY: tty, colorLevel: 0 });
      await render(io, rows, { format: 'table', table: spec as unknown as TableSpec<never> });
      expect(io.stdout).toContain('db.getSiblingDB("sam\\u001b[2Jple")');
      // The column not declared terminalSafe still doubles a backslash.
      expect(io.stdout).toContain('sam\\\\u001b');
      // A control character is never let through raw: the whole value is escaped as usual.
      expect(io.stdout).toContain('raw\\x1b[2J\\ttab\\\\');
      expect(io.stdout).toContain('bidi\\u202e');
      // eslint-disable-next-line no-control-regex -- no control or bidi character reaches the output raw
      expect(io.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
  });

  it('has no colour even when colour is forced', async () => {
    const io = IO.test({ colorLevel: 3 });
    await render(io, LIST, { format: 'table', table });
    expect(io.stdout).not.toContain(ESC);
  });
});

describe('table on a TTY (cli-table3)', () => {
  it('aligns columns with spaces, header first, no tabs, no borders', async () => {
    const io = IO.test({ outIsTTY: true, colorLevel: 0 });
    await render(io, LIST, { format: 'table', table });
    const lines = io.stdout.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'NAME                 STATE     VERSION  PAUSED',
      'c0                   IDLE      7.0.12   false',
      'analytics-long-name  CREATING           true',
    ]);
    expect(io.stdout).not.toContain('\t');
    expect(io.stdout).not.toContain(ESC);
  });

  it('bolds the header when colour is on', async () => {
    const io = IO.test({ outIsTTY: true, colorLevel: 1 });
    await render(io, LIST, { format: 'table', table });
    expect(io.stdout.split('\n')[0]).toContain(`${ESC}1mNAME${ESC}22m`);
    expect(io.stdout.split('\n')[1]).not.toContain(ESC);
  });
});

describe('genericTable (query results and commands without columns)', () => {
  it('objects: the union of keys, upper-cased, in first-seen order', () => {
    expect(genericTable([{ name: 'a', n: 1 }, { name: 'b', extra: { x: 1 } }])).toEqual({
      headers: ['NAME', 'N', 'EXTRA'],
      rows: [
        ['a', '1', ''],
        ['b', '', '{"x":1}'],
      ],
    });
  });

  it('a single object is one row', () => {
    expect(genericTable({ name: 'c0', paused: false })).toEqual({ headers: ['NAME', 'PAUSED'], rows: [['c0', 'false']] });
  });

  it('scalars: one column, no header', () => {
    expect(genericTable(['a', 2, true, null])).toEqual({ headers: [], rows: [['a'], ['2'], ['true'], ['']] });
    expect(genericTable('one')).toEqual({ headers: [], rows: [['one']] });
  });

  it('a list mixing objects and scalars falls back to one column of JSON', () => {
    expect(genericTable([{ a: 1 }, 'x'])).toEqual({ headers: [], rows: [['{"a":1}'], ['x']] });
  });

  it('an empty list has no rows', () => {
    expect(genericTable([])).toEqual({ headers: [], rows: [] });
  });

  it('on a narrow terminal, the first column stays and the others go from the right (PROVIDER, VERSION)', async () => {
    const io = IO.test({ outIsTTY: true, colorLevel: 0 });
    const document = [{ name: 'analytics-prod', state: 'IDLE', region: 'EU_WEST_1', provider: 'AWS', version: '7.0.12' }];
    await render(io, document, { format: 'table', width: 30 });
    expect(io.stdout.split('\n')).toEqual(['NAME           STATE  REGION', 'analytics-pr…  IDLE   EU_WEST…', '']);
  });

  it('scalar query results print one per line in a pipe', async () => {
    const io = IO.test();
    await render(io, LIST, { format: 'table', table, query: 'results[].name' });
    expect(io.stdout).toBe('c0\nanalytics-long-name\n');
  });
});

describe('cell and keyValueLines', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['s', 's'],
    [0, '0'],
    [false, 'false'],
    [[1, 'a'], '[1,"a"]'],
    [{ a: { b: 1 } }, '{"a":{"b":1}}'],
  ])('cell(%j) is %j', (value, text) => {
    expect(cell(value)).toBe(text);
  });

  it('keyValueLines aligns keys and skips empty values', () => {
    const io = IO.test();
    expect(keyValueLines(io, [['Name', 'c0'], ['State', 'IDLE'], ['Tags', undefined], ['Note', ''], ['Shards', 2]])).toBe(
      'Name:   c0\nState:  IDLE\nShards: 2',
    );
  });
});
