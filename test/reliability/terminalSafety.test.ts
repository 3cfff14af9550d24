// Guarantee: server text never reaches a terminal raw. Cluster names, states,
// versions, regions, connection strings, error details and response headers that
// carry ESC sequences, CR/LF, tabs, C1 controls or bidi overrides are shown escaped
// (`\x1b`, `\r`, `\u202e`) in tables, tab-separated output, error and progress lines,
// and on a real pseudo-terminal (util-linux `script`); JSON output stays the
// document as received. Each case is a small node:http server on 127.0.0.1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CDBA_BIN, cdba, cleanEnv, type CliResult } from '../helpers/inProcess.js';
import { digestEnv, expectOneErrorLine, PROJECT_ID, testServer, type TestServer } from './support.js';
import { scriptAvailable } from '../e2e/terminal/pty.js';

const ESC = '\u001b';
const CLEAR = `${ESC}[2J`;
const TITLE = `${ESC}]0;pwned\u0007`;
const HIDDEN = `${ESC}[8m`;
const CSI_C1 = '\u009b';
const RLO = '\u202e';

// Server text, hostile in every field a command shows.
const NAME = `c1${CLEAR}${TITLE}`;
const STATE = `IDLE\r\nforged\tROW${CSI_C1}31m`;
const VERSION = `7.0${RLO}live`;
const REGION = `US_EAST_1${HIDDEN}`;
const URI = `mongodb+srv://c1.ab12c.mongodb.net${TITLE}\nrm -rf ~`;
const DETAIL = `no such cluster${CLEAR}\r\ncdba: forged line${CSI_C1}2J${RLO}`;
// The same, as cdba must show them.
const NAME_SHOWN = 'c1\\x1b[2J\\x1b]0;pwned\\x07';
const STATE_SHOWN = 'IDLE\\r\\nforged\\tROW\\u009b31m';
const VERSION_SHOWN = '7.0\\u202elive';
const REGION_SHOWN = 'US_EAST_1\\x1b[8m';
const URI_SHOWN = 'mongodb+srv://c1.ab12c.mongodb.net\\x1b]0;pwned\\x07\\nrm -rf ~';
const DETAIL_SHOWN = 'no such cluster\\x1b[2J\\r\\ncdba: forged line\\u009b2J\\u202e';

/** Anything that acts on a terminal or reorders text: C0 but tab and newline, DEL, C1, bidi controls, line separators. */
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** Colour (SGR), the only escape sequence of our own in a run without a spinner. */
// eslint-disable-next-line no-control-regex -- as above
const SGR = /\u001b\[[0-9;]*m/g;

function cluster(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '65f0c0ffee0000000000c1c1',
    name: NAME,
    stateName: STATE,
    mongoDBVersion: VERSION,
    clusterType: 'REPLICASET',
    createDate: '2024-05-01T00:00:00Z',
    replicationSpecs: [
      { zoneName: `Zone${CLEAR}`, regionConfigs: [{ providerName: 'AWS', regionName: REGION, priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] },
    ],
    connectionStrings: { standardSrv: URI },
    ...overrides,
  };
}

const CLUSTERS = `/api/atlas/v2/groups/${PROJECT_ID}/clusters`;

function json(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  // Echo the version asked for, as the service does.
  const accept = String(req.headers.accept ?? '');
  res.writeHead(status, { 'content-type': accept.startsWith('application/vnd.atlas.') ? accept : 'application/json' });
  res.end(JSON.stringify(body));
}

let server: TestServer;
let watchPolls = 0;
beforeAll(async () => {
  server = await testServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === CLUSTERS) return json(req, res, 200, { results: [cluster()], totalCount: 1, links: [] });
    // The table asks the flex API too (issue 26): no flex clusters here.
    if (path === `/api/atlas/v2/groups/${PROJECT_ID}/flexClusters`) return json(req, res, 200, { results: [], totalCount: 0, links: [] });
    if (path === `${CLUSTERS}/c1`) return json(req, res, 200, cluster());
    if (path === `${CLUSTERS}/slow`) {
      // First a hostile state, then IDLE: the watch shows one change, then ends.
      watchPolls++;
      return json(req, res, 200, cluster({ stateName: watchPolls % 2 === 1 ? `CREATING${CLEAR}${RLO}` : 'IDLE' }));
    }
    if (path === `${CLUSTERS}/gone`) {
      return json(req, res, 404, { detail: DETAIL, error: 404, errorCode: 'CLUSTER_NOT_FOUND', reason: 'Not Found' });
    }
    if (path === `/api/atlas/v2/groups/${PROJECT_ID}/text`) {
      // A 400, as a 2xx that is not JSON is refused as damaged. Node lets bytes
      // 0x80-0xff into a header value: 0x9b is a C1 CSI to a terminal.
      res.writeHead(400, { 'content-type': 'text/plain', 'x-note': Buffer.from('a\u009bb', 'latin1').toString('latin1') });
      return res.end(`line one${CLEAR}\nline two\r${RLO}end\tof text\n`);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":404,"errorCode":"RESOURCE_NOT_FOUND","detail":"no route"}');
  });
});
afterAll(async () => {
  await server?.close();
});

const run = (args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  cdba(args, { env: { ...digestEnv(server.url), CDBA_WATCH_INTERVAL_MS: '20', ...env } });

/** No control character in `text` but newlines (and tabs where a layout uses them). */
function expectNoRawControl(text: string, context: string): void {
  const found = CONTROL.exec(text);
  expect(found ? `U+${found[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${found.index}: ${JSON.stringify(text)}` : '', context).toBe('');
}

describe('server text in a pipe', () => {
  it('clusters list -o table (tab-separated): one row, nine fields, values escaped', async () => {
    const result = await run(['clusters', 'list', '-o', 'table']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines).toHaveLength(3); // header, one row, and the final newline
    expect(lines[2]).toBe('');
    for (const line of lines.slice(0, 2)) expect(line.split('\t')).toHaveLength(9);
    expect(lines[1]!.split('\t').slice(0, 3)).toEqual([NAME_SHOWN, STATE_SHOWN, VERSION_SHOWN]);
    expect(lines[1]).toContain(REGION_SHOWN);
    expectNoRawControl(result.stdout, 'stdout');
  });

  it('clusters list -o json: the document as received (JSON escapes the C0 characters itself)', async () => {
    const result = await run(['clusters', 'list', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ results: [cluster()], totalCount: 1, links: [] });
    // eslint-disable-next-line no-control-regex -- no raw C0 byte: JSON.stringify writes \u001b, \r, \n, \t
    expect(result.stdout.slice(0, -1)).not.toMatch(/[\u0000-\u001f]/);
  });

  it('JSON on a terminal: the same document, with C1, bidi controls and line separators written as \\u escapes', async () => {
    for (const [args, parsed] of [[['clusters', 'get', 'c1', '-o', 'json'], cluster()], [['clusters', 'list', '-o', 'pretty'], { results: [cluster()], totalCount: 1, links: [] }]] as const) {
      const onTerminal = await cdba([...args], { env: { ...digestEnv(server.url) }, tty: true });
      expect(onTerminal.exitCode, onTerminal.stderr).toBe(0);
      expect(JSON.parse(onTerminal.stdout), args.join(' ')).toEqual(parsed);
      expectNoRawControl(onTerminal.stdout.replaceAll('\n', ''), args.join(' '));
      expect(onTerminal.stdout).toContain('7.0\\u202elive');
      // Into a pipe, the bytes as JSON.stringify writes them: the value is the same either way.
      const piped = await run([...args]);
      expect(JSON.parse(piped.stdout)).toEqual(parsed);
      expect(piped.stdout).toContain(`7.0${RLO}live`);
    }
  });

  it('an API error whose detail carries escapes and CR LF: one escaped error line, exit 4', async () => {
    const result = await run(['clusters', 'get', 'gone']);
    expectOneErrorLine(result, 4);
    expect(result.stderr).toContain(DETAIL_SHOWN);
    expect(result.stderr).not.toMatch(/^cdba: forged line/m);
    expectNoRawControl(result.stderr, 'stderr');
    expect(result.stdout).toBe('');
  });

  it('clusters watch: the progress line quotes the hostile state escaped', async () => {
    watchPolls = 0;
    const result = await run(['clusters', 'watch', 'slow']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^cdba: cluster slow is CREATING\\x1b\[2J\\u202e\ncdba: cluster slow is IDLE \(waited [^\n]+\)\n$/);
    expectNoRawControl(result.stderr, 'stderr');
  });

  it('conn-string get prints the bare string escaped: no second line to run', async () => {
    const result = await run(['conn-string', 'get', 'c1']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${URI_SHOWN}\n`);
    expectNoRawControl(result.stdout, 'stdout');
  });

  it('api into a pipe: a text body and headers stay as received (the escaping is for terminals)', async () => {
    const result = await run(['api', `/groups/${PROJECT_ID}/text`, '--include']);
    expectOneErrorLine(result, 1, /HTTP 400/);
    expectNoRawControl(result.stderr, 'stderr');
    expect(result.stdout).toContain(`line one${CLEAR}\nline two\r${RLO}end\tof text\n`);
    expect(result.stdout).toMatch(/^x-note: a\u009bb$/m);
  });
});


/** Runs cdba in a 120-column pseudo-terminal; stdout and stderr arrive merged, with the terminal's CR LF line ends made LF. */
async function inTerminal(args: string[]): Promise<{ exitCode: number; text: string }> {
  const quoted = [CDBA_BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const result = await execa('script', ['-qfec', `stty cols 120 rows 30; exec node ${quoted}`, '/dev/null'], {
    env: cleanEnv({ ...digestEnv(server.url), TERM: 'xterm-256color' }),
    extendEnv: false,
    reject: false,
    timeout: 20_000,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode ?? -1, text: String(result.stdout).replaceAll('\r\n', '\n') };
}

describe.skipIf(!scriptAvailable)('server text on a terminal', () => {
  it('clusters list: the table is escaped, only our own colour remains', async () => {
    const { exitCode, text } = await inTerminal(['clusters', 'list']);
    expect(exitCode, text).toBe(0);
    expect(text).toMatch(SGR); // the header really is bold: colour is on
    const plain = text.replace(SGR, '');
    expectNoRawControl(plain, 'terminal');
    expect(plain).toContain(NAME_SHOWN);
    expect(plain).toContain(STATE_SHOWN);
    // Escaped first, then fitted: the version may be cut, after its escape.
    expect(plain).toMatch(/ 7\.0\\u202el(ive|…) /);
  });

  it('clusters get: the key/value view is escaped, the state still coloured', async () => {
    const { exitCode, text } = await inTerminal(['clusters', 'get', 'c1']);
    expect(exitCode, text).toBe(0);
    expect(text).toContain(`${ESC}[33m${STATE_SHOWN}${ESC}[39m`); // yellow, as a state that is not IDLE
    const plain = text.replace(SGR, '');
    expectNoRawControl(plain, 'terminal');
    for (const shown of [NAME_SHOWN, VERSION_SHOWN, REGION_SHOWN, URI_SHOWN, 'Zone\\x1b[2J']) expect(plain).toContain(shown);
  });

  it('an API error: one red line, escaped', async () => {
    const { exitCode, text } = await inTerminal(['clusters', 'get', 'gone']);
    expect(exitCode, text).toBe(4);
    expect(text).toMatch(new RegExp(`^${ESC}\\[31mcdba: .*${DETAIL_SHOWN.replace(/[\\[\]]/g, '\\$&')}.*${ESC}\\[39m\\n$`));
    expectNoRawControl(text.replace(SGR, ''), 'terminal');
  });

  it('clusters watch with a spinner: the hostile state appears only escaped', async () => {
    watchPolls = 0;
    const { exitCode, text } = await inTerminal(['clusters', 'watch', 'slow']);
    expect(exitCode, text).toBe(0);
    expect(text).toContain('cdba: cluster slow is CREATING\\x1b[2J\\u202e');
    // The spinner draws with escapes of its own; none of the server's gets through.
    for (const raw of [CLEAR, TITLE, HIDDEN, CSI_C1, RLO, '\u0007']) expect(text).not.toContain(raw);
  });

  it('api --include: a text body and header values are escaped, lines kept', async () => {
    const { exitCode, text } = await inTerminal(['api', `/groups/${PROJECT_ID}/text`, '--include']);
    expect(exitCode, text).toBe(1);
    expect(text).toMatch(/^x-note: a\\u009bb$/m);
    expect(text).toContain('line one\\x1b[2J\nline two\\r\\u202eend\tof text\n');
    expectNoRawControl(text.replace(SGR, ''), 'terminal');
  });
});
