// Every operation of the description, walked (issue 46, "Done means"): `cdba api <op> --help`
// shows each of its flags and none of the raw form's (-X, --input, -H, --paginate, --include),
// and a call with its required flags (values made from their types and enums) sends what the
// description says: the method, the path with its parameters
// filled and percent-encoded, the Accept of the version chosen for the pin, and the query.
// An operation the emulator serves is sent to the emulator (through a recording proxy: its
// answer must be the operation's, never NOT_EMULATED, 405 or 406); any other to a recording
// stand-in that answers 200 `{}`. Bodies: an operation whose body is required gets the
// smallest body its schema accepts (its required fields, each the first enum value or a
// value of its type), given with `--file -`; the body sent must be that body (the project's
// groupId filled in where the schema has it), and the same call without it is refused before
// any request, naming --file. In-process, one call after another: about 1,600 runs of main().
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSpecOf, loadDescription, type DescribedOperation, type Description } from '../../../src/api/description.js';
import { flagOf, FROM_CONFIG } from '../../../src/cli/api/fields.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import type { FieldSpec } from '../../../src/model/clusterFields.js';
import { cdba } from '../../helpers/inProcess.js';
import { emulatedOperations } from '../../helpers/emulatedOperations.js';
import { ownerEnv, worldSeed } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000000e';
/** The pin most calls are made at; an operation first served later is called at its first version. */
const PIN = '2024-11-13';

interface Recorded {
  method: string;
  url: string;
  accept: string;
  body: string;
  /** The emulator's answer, for a forwarded request. */
  status?: number;
  answer?: string;
}

/** A loopback server on port 0 that records each request and answers it with `answer`. */
async function recorder(answer: (req: IncomingMessage, body: Buffer, done: (status: number, headers: Record<string, string>, body: Buffer) => void) => void): Promise<{ url: string; seen: Recorded[]; server: Server }> {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const record: Recorded = { method: req.method ?? '', url: req.url ?? '', accept: String(req.headers.accept ?? ''), body: body.toString('utf8') };
      seen.push(record);
      answer(req, body, (status, headers, out) => {
        record.status = status;
        record.answer = out.toString('utf8');
        res.writeHead(status, headers);
        res.end(out);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const close = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A parameter's value from its type and enum: a string with a blank and a `+`, to be percent-encoded (in the path; form-encoded in the query). */
function valueOf(param: DescribedOperation['params'][number]): string {
  if (param.enum) return String(param.enum[0]);
  if (param.type === 'integer') return '3';
  if (param.type === 'number') return '1.5';
  if (param.type === 'boolean') return 'true';
  return 'walk one+two';
}

/** The smallest value a spec accepts: the required fields of an object, an empty array or map. */
function minimal(spec: FieldSpec | undefined): unknown {
  if (!spec) return {};
  if (spec.enum && spec.enum.length > 0) return spec.enum[0];
  switch (spec.kind) {
    case 'object':
      return Object.fromEntries((spec.required ?? []).filter((name) => !spec.fields?.[name]?.readOnly).map((name) => [name, minimal(spec.fields?.[name] ?? spec.extra)]));
    case 'array':
      return [];
    case 'map':
      return {};
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'x'.repeat(Math.max(1, spec.minLength ?? 1));
    default:
      return 'x';
  }
}

/** The pin a call is made at, and the version the description says it is sent at. */
function versionFor(op: DescribedOperation): { pin: string; version: string } {
  const dated = op.versions.map((v) => v.date).filter((d) => d !== 'preview');
  if (dated.length === 0) return { pin: PIN, version: 'preview' };
  const pin = dated.some((d) => d <= PIN) ? PIN : dated[0]!;
  return { pin, version: dated.filter((d) => d <= pin).at(-1)! };
}

let description: Description;
let emulated: Set<string>;
let emu: RunningEmulator;
let proxy: Awaited<ReturnType<typeof recorder>>;
let standIn: Awaited<ReturnType<typeof recorder>>;

beforeAll(async () => {
  description = await loadDescription();
  emulated = new Set((await emulatedOperations()).map((op) => op.operationId).filter((id): id is string => id !== undefined));
  emu = await startEmulator({ seed: worldSeed([{ id: PROJECT, name: 'walk' }], []) });
  const target = new URL(emu.url);
  proxy = await recorder((req, body, done) => {
    const forward = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'transfer-encoding').map(([name, value]) => [name, String(value)]));
        done(answer.statusCode ?? 502, headers, Buffer.concat(chunks));
      });
    });
    forward.end(body);
  });
  standIn = await recorder((_req, _body, done) => done(200, { 'content-type': 'application/json' }, Buffer.from('{}')));
});

afterAll(async () => {
  await close(proxy?.server);
  await close(standIn?.server);
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('every operation of the description', () => {
  it('--help shows its flags, and a call with its required flags sends the request the description says', async () => {
    const problems: string[] = [];
    const counts = { operations: 0, emulated: 0, standIn: 0, bodies: 0, queries: 0, encoded: 0 };
    for (const op of description.operations) {
      counts.operations += 1;
      const name = op.alias ?? op.id;
      const flags = op.params.filter((p) => !(p.in === 'path' && FROM_CONFIG.has(p.name)));
      const help = await cdba(['api', name, '--help']);
      const missing = flags.map((p) => `--${flagOf(p)}`).filter((flag) => !help.stdout.includes(flag));
      // Only what applies: the raw form's flags are not the operation's.
      const raw = ['--method', '--input', '--header', '--paginate', '--include'].filter((flag) => new RegExp(`${flag}(?![\\w-])`).test(help.stdout));
      if (help.exitCode !== 0 || missing.length > 0 || raw.length > 0) problems.push(`${op.id} --help: exit ${help.exitCode}, missing ${missing.join(' ')}, not its own ${raw.join(' ')}`);

      const args = ['api', name];
      const values: Record<string, string> = { groupId: PROJECT };
      const query = new URLSearchParams();
      for (const param of flags.filter((p) => p.required)) {
        const value = valueOf(param);
        args.push(`--${flagOf(param)}`, value);
        if (param.in === 'path') values[param.name] = value;
        else query.append(param.name, value);
      }
      const { pin, version } = versionFor(op);
      let body: unknown;
      if (op.bodyRequired) {
        const schema = op.versions.find((v) => v.date === version)?.body;
        body = minimal(schema ? fieldSpecOf(description, schema) : undefined);
        // Without it: refused before any request, naming --file.
        const before = proxy.seen.length + standIn.seen.length;
        const refused = await cdba([...args, '--api-version', pin], { env: ownerEnv(standIn.url, PROJECT) });
        if (refused.exitCode !== 2 || !refused.stderr.includes('--file') || proxy.seen.length + standIn.seen.length !== before) {
          problems.push(`${op.id} without a body: exit ${refused.exitCode}, ${refused.stderr.trim()}`);
        }
        args.push('--file', '-');
        counts.bodies += 1;
      }
      const server = emulated.has(op.id) ? proxy : standIn;
      const from = server.seen.length;
      const result = await cdba([...args, '--api-version', pin], {
        env: ownerEnv(server.url, PROJECT),
        ...(body !== undefined ? { input: JSON.stringify(body) } : {}),
      });
      // The operation's request is the first (a digest challenge's retry repeats it; a 404 may be followed by a look for suggestions).
      const sent = server.seen[from];
      const path = `/api/atlas/v2${op.path.replace(/\{([^}]+)\}/g, (_, p: string) => encodeURIComponent(values[p] ?? ''))}`;
      const expected = { method: op.method, path, query: [...query], accept: `application/vnd.atlas.${version}+${op.binary ?? 'json'}` };
      if (!sent) {
        problems.push(`${op.id}: no request (exit ${result.exitCode}: ${result.stderr.trim()})`);
        continue;
      }
      const [sentPath, sentQuery] = sent.url.split('?') as [string, string | undefined];
      const got = { method: sent.method, path: sentPath, query: [...new URLSearchParams(sentQuery ?? '')], accept: sent.accept };
      if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${op.id}: sent ${JSON.stringify(got)}, the description says ${JSON.stringify(expected)}`);
      if (op.bodyRequired) {
        const sentBody = JSON.parse(sent.body || 'null') as unknown;
        // The CLI fills the project's groupId into a body whose schema has it (writable) and which has none.
        const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
        const withProject = isRecord(body) && body.groupId === undefined && isRecord(sentBody) && sentBody.groupId === PROJECT ? { ...body, groupId: PROJECT } : body;
        if (JSON.stringify(sentBody) !== JSON.stringify(withProject)) problems.push(`${op.id}: sent the body ${sent.body}, not ${JSON.stringify(body)}`);
      }
      if (query.size > 0) counts.queries += 1;
      if (path.includes('%20')) counts.encoded += 1;
      if (server === proxy) {
        counts.emulated += 1;
        const code = /"errorCode"\s*:\s*"([A-Z_]+)"/.exec(sent.answer ?? '')?.[1];
        if (code === 'NOT_EMULATED' || sent.status === 405 || sent.status === 406) problems.push(`${op.id}: the emulator answered ${sent.status} ${code ?? ''} for an operation it serves`);
      } else {
        counts.standIn += 1;
        if (result.exitCode !== 0) problems.push(`${op.id}: exit ${result.exitCode} on a 200 answer: ${result.stderr.trim()}`);
      }
    }
    expect(problems).toEqual([]);
    // Every operation was walked, both servers took part, and bodies, queries and encoding were exercised.
    expect(counts.operations).toBe(description.operations.length);
    expect(counts.emulated).toBe(emulated.size);
    expect(counts.emulated + counts.standIn).toBe(description.operations.length);
    expect(counts.bodies).toBeGreaterThan(100);
    expect(counts.queries).toBeGreaterThan(10);
    expect(counts.encoded).toBeGreaterThan(200);
  }, 300_000);
});
