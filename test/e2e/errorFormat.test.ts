// --error-format json / CDBA_ERROR_FORMAT=json: a failure is one JSON document on
// stderr, with stdout empty, for every documented exit code of a failure; secrets
// scrubbed and control characters escaped as in the line form (issue 38, item 5).
// Exit 10 (a pending plan) and 18 (envs gc would remove) are reports, not failures, and
// print no document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODE_TABLE } from '../../src/base/errors.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { withEmulator } from '../helpers/emulator.js';
import { execa } from 'execa';
import { CDBA_BIN, cdba, cleanEnv, heldDeadline, start, tempDir, type CliResult } from '../helpers/inProcess.js';
import { digestEnv, knownSeed, OWNER_PRIVATE, PROJECT_ID, testServer, type TestServer } from '../reliability/support.js';

interface Report {
  error: { exitCode: number; message: string; retryable: boolean; status?: number; errorCode?: string; detail?: string; hint?: string };
}

/** The one document on stderr, checked for the shape and for stdout left empty. */
function report(result: CliResult, exitCode: number): Report['error'] {
  const context = `exit ${result.exitCode}; stderr: ${result.stderr}`;
  expect(result.exitCode, context).toBe(exitCode);
  expect(result.stdout, context).toBe('');
  expect(result.stderr, context).toMatch(/^\{"error":\{[^\n]*\}\}\n$/);
  const doc = JSON.parse(result.stderr) as Report;
  expect(Object.keys(doc)).toEqual(['error']);
  expect(doc.error.exitCode).toBe(exitCode);
  expect(typeof doc.error.message).toBe('string');
  expect(doc.error.message).not.toMatch(/^cdba:/);
  expect(typeof doc.error.retryable).toBe('boolean');
  return doc.error;
}

let emu: RunningEmulator;
let stuck: RunningEmulator;
let later: RunningEmulator; // as on 2027-05-02, when versions cdba can send near their Sunset
let server: TestServer;
const seen: number[] = [];
const json = (extra: Record<string, string> = {}) => ({ ...digestEnv(emu.url), CDBA_ERROR_FORMAT: 'json', ...extra });

beforeAll(async () => {
  [{ emu }, { emu: later }, { emu: stuck }] = await Promise.all([
    withEmulator({ seed: knownSeed(), transitionMs: 0 }),
    withEmulator({ seed: knownSeed(), date: '2027-05-02' }),
    withEmulator({ seed: knownSeed(), transitionMs: 3_600_000 }),
  ]);
  // A service that answers each path's status with the service's error document.
  server = await testServer((req, res) => {
    const status = Number(/\/clusters\/s(\d{3})$/.exec(req.url ?? '')?.[1] ?? 404);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (status === 429) headers['retry-after'] = '86400'; // beyond the retry budget: no wait, exit 6 at once
    res.writeHead(status, headers).end(JSON.stringify({ error: status, errorCode: `CODE_${status}`, detail: `detail of ${status}\u001b[2J`, reason: 'x' }));
  });
});

afterAll(async () => {
  await Promise.all([emu.stop(), stuck.stop(), later.stop(), server.close()]);
});

describe('--error-format json', () => {
  it.each([
    [1, 400],
    [3, 403],
    [5, 409],
    [6, 429],
    [7, 500],
  ])('exit %i from HTTP %i: status, errorCode and detail from the service, the detail escaped for a terminal', async (exitCode, status) => {
    const env = { CDBA_BASE_URL: server.url, CDBA_PROJECT_ID: PROJECT_ID, CDBA_PUBLIC_KEY: 'ownerkey', CDBA_PRIVATE_KEY: OWNER_PRIVATE, CDBA_ERROR_FORMAT: 'json' };
    const result = await cdba(['clusters', 'get', `s${status}`], { env });
    const error = report(result, exitCode);
    seen.push(exitCode);
    expect(error).toMatchObject({ status, errorCode: `CODE_${status}`, detail: `detail of ${status}\u001b[2J`, retryable: exitCode >= 6 });
    // The value is exact for a parser, and the ESC never reaches the terminal raw.
    expect(result.stderr).not.toContain('\u001b');
    expect(result.stderr).toContain('\\u001b[2J');
  });

  it('exit 2: a usage error from the parser, and one of cdba, through the flag', async () => {
    const parser = await cdba(['clusters', 'frob', '--error-format', 'json'], { env: digestEnv(emu.url) });
    expect(report(parser, 2)).toEqual({ exitCode: 2, message: "unknown command 'frob'", retryable: false, hint: "see 'cdba clusters --help'" });
    const own = await cdba(['clusters', 'list', '--limit', '0', '--error-format=json'], { env: digestEnv(emu.url) });
    expect(report(own, 2).message).toMatch(/--limit/);
    seen.push(2);
  });

  it('exit 3: credentials refused, with the remedy as the hint, the private key nowhere', async () => {
    const result = await cdba(['clusters', 'list'], { env: json({ CDBA_PRIVATE_KEY: 'wrong-0000-0000-0000-000000000000' }) });
    const error = report(result, 3);
    expect(error.status).toBe(401);
    expect(error.hint).toMatch(/CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY/);
    expect(result.stderr).not.toContain('wrong-0000');
    seen.push(3);
  });

  it('exit 4: not found, with the hint carrying the user\'s --base-url', async () => {
    const result = await cdba(['--base-url', emu.url, 'clusters', 'get', 'nope'], { env: json() });
    const error = report(result, 4);
    expect(error).toMatchObject({ status: 404, errorCode: 'CLUSTER_NOT_FOUND', retryable: false });
    seen.push(4);
  });

  it('exit 8: a watch that gave up is retryable', async () => {
    const created = await cdba(['clusters', 'create', 'slow', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], { env: digestEnv(stuck.url) });
    expect(created.exitCode, created.stderr).toBe(0);
    const deadline = heldDeadline();
    const watching = start(['clusters', 'watch', 'slow', '--watch-timeout', '30s', '-o', 'json'], { env: { ...digestEnv(stuck.url), CDBA_ERROR_FORMAT: 'json' }, watchDeadline: deadline.timer });
    await watching.seen(/is CREATING\n/);
    deadline.expire();
    const result = await watching.result;
    // The state line came before the failure; the document is the last line.
    expect(result.exitCode).toBe(8);
    const last = result.stderr.trimEnd().split('\n').at(-1)!;
    expect((JSON.parse(last) as Report).error).toMatchObject({ exitCode: 8, retryable: true });
    seen.push(8);
  });

  it('exit 11: versions --fail-within', async () => {
    const result = await cdba(['versions', '--fail-within', '90d', '-o', 'json', '--api-version', '2023-02-01'], { env: { ...digestEnv(later.url), CDBA_ERROR_FORMAT: 'json' } });
    expect(result.exitCode, result.stderr + result.stdout.slice(0, 300)).toBe(11);
    expect(result.stdout).not.toBe(''); // the table is the answer; the failure is on stderr
    expect((JSON.parse(result.stderr) as Report).error).toMatchObject({ exitCode: 11, retryable: false });
    seen.push(11);
  });

  it('exit 12: run, when env down fails, names what is left', async () => {
    // CMD turns termination protection on for the env's cluster, so env down cannot delete it.
    const api = `CDBA_BASE_URL=${emu.url} CDBA_PROJECT_ID=${PROJECT_ID} CDBA_PUBLIC_KEY=ownerkey CDBA_PRIVATE_KEY=${OWNER_PRIVATE}`;
    const command = `${api} ${process.execPath} ${CDBA_BIN} clusters patch left-1 --termination-protection > /dev/null`;
    const result = await cdba(['run', '--name', 'left-1', '--', 'sh', '-c', command], { env: json(), configDir: tempDir() });
    expect(result.exitCode, result.stderr).toBe(12);
    const error = (JSON.parse(result.stderr.trimEnd().split('\n').at(-1)!) as Report).error;
    expect(error).toMatchObject({ exitCode: 12, retryable: false });
    expect(error.message).toMatch(/env down left-1 failed: .*cluster left-1/);
    expect(error.hint ?? error.message).toContain('cdba env down left-1');
    seen.push(12);
  });

  it('exit 13 and 14: a peering watch that stops where the user must act, and one that stops at FAILED', async () => {
    let now = Date.UTC(2026, 7, 10, 9, 0, 0);
    const { emu: held } = await withEmulator({ seed: knownSeed(), transitionMs: 0, holdWaits: true, clock: () => now });
    try {
      const flags = ['--provider', 'AWS', '--region', 'US_EAST_1', '--atlas-cidr', '192.168.248.0/21', '--aws-account-id', '123456789012', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16'];
      const waiting = await cdba(['peering', 'create', ...flags, '--watch'], { env: { ...digestEnv(held.url), CDBA_ERROR_FORMAT: 'json' } });
      expect(waiting.exitCode, waiting.stderr).toBe(13);
      const error = (JSON.parse(waiting.stderr.trimEnd().split('\n').at(-1)!) as Report).error;
      expect(error).toMatchObject({ exitCode: 13, retryable: true, message: expect.stringMatching(/is PENDING_ACCEPTANCE: accept VPC peering connection pcx-/) });
      expect(error.hint).toMatch(/^aws ec2 accept-vpc-peering-connection /);
      seen.push(13);
      now += 8 * 24 * 3600_000; // nobody accepted: the request lapsed
      const id = (JSON.parse(waiting.stdout) as { id: string }).id;
      const failed = await cdba(['peering', 'watch', id], { env: { ...digestEnv(held.url), CDBA_ERROR_FORMAT: 'json' } });
      expect(failed.exitCode, failed.stderr).toBe(14);
      expect((JSON.parse(failed.stderr.trimEnd().split('\n').at(-1)!) as Report).error).toMatchObject({ exitCode: 14, retryable: false, message: `peer ${id} FAILED: EXPIRED` });
      seen.push(14);
    } finally {
      await held.stop();
    }
  });

  it('exit 127: run\'s CMD is not on PATH, before any request', async () => {
    const before = emu.stats().total;
    const result = await cdba(['run', '--', 'nosuchcommand-cdba'], { env: { ...digestEnv(emu.url), CDBA_ERROR_FORMAT: 'json' } });
    expect(report(result, 127)).toMatchObject({ exitCode: 127, retryable: false, message: 'run: nosuchcommand-cdba is not on PATH; nothing was made' });
    expect(emu.stats().total).toBe(before);
    seen.push(127);
  });

  it('exit 16: env up of an env another run holds, naming it, nothing made', async () => {
    const holder = await cdba(['env', 'up', 'held-ef', '--ip', '10.3.3.3', '-o', 'json'], { env: digestEnv(emu.url), configDir: tempDir() });
    expect(holder.exitCode, holder.stderr).toBe(0);
    const result = await cdba(['env', 'up', 'held-ef', '--ip', '10.3.3.3', '-o', 'json'], { env: json(), configDir: tempDir() });
    const error = report(result, 16);
    expect(error).toMatchObject({ exitCode: 16, retryable: false });
    expect(error.message).toMatch(/^env held-ef is held by another run: host \S+, since \S+ \(user cdba-env-held-ef\); nothing was changed$/);
    expect(error.hint).toContain('`cdba env up held-ef --share`');
    seen.push(16);
  });

  it('exit 130: interrupted', async () => {
    const created = await cdba(['clusters', 'create', 'slow2', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], { env: digestEnv(stuck.url) });
    expect(created.exitCode, created.stderr).toBe(0);
    const run = start(['clusters', 'watch', 'slow2'], { env: { ...digestEnv(stuck.url), CDBA_ERROR_FORMAT: 'json' } });
    await run.seen(/is CREATING\n/);
    run.interrupt();
    const result = await run.result;
    expect(result.exitCode).toBe(130);
    expect((JSON.parse(result.stderr.trimEnd().split('\n').at(-1)!) as Report).error).toMatchObject({ exitCode: 130, retryable: false });
    seen.push(130);
  });

  it('exit 15: a confirmation answered no (on a terminal)', async () => {
    const result = await cdba(['clusters', 'delete', 'seeded'], { env: { ...json(), CDBA_FORCE_TTY: '1', NO_COLOR: '1' }, input: 'n\n' });
    expect(result.exitCode, result.stderr).toBe(15);
    const doc = result.stderr.slice(result.stderr.indexOf('[y/N] ') + '[y/N] '.length);
    expect((JSON.parse(doc) as Report).error).toMatchObject({ exitCode: 15, retryable: false, message: 'cancelled; nothing was changed' });
    expect(emu.stats().byPath['DELETE /api/atlas/v2/groups/{groupId}/clusters/{clusterName}'] ?? 0).toBe(0);
    seen.push(15);
  });

  it('exit 17: a log download the service answers empty (a window before the host came up), nothing written', async () => {
    const listed = await cdba(['processes', 'list', '-o', 'json'], { env: digestEnv(emu.url) });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const host = (JSON.parse(listed.stdout) as { results: Array<{ hostname: string }> }).results[0]!.hostname;
    const dir = tempDir();
    const day = 86_400_000;
    const at = (ms: number) => new Date(Date.now() - ms).toISOString().slice(0, 16);
    const result = await cdba(['logs', 'download', host, '--dir', dir, '--start', at(3 * day), '--end', at(2 * day)], { env: json() });
    expect(report(result, 17)).toMatchObject({ exitCode: 17, retryable: false });
    seen.push(17);
  });

  it('exit 143: terminated (a process: SIGTERM ends it at once, after one document)', async () => {
    const created = await cdba(['clusters', 'create', 'slow3', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], { env: digestEnv(stuck.url) });
    expect(created.exitCode, created.stderr).toBe(0);
    const child = execa('node', [CDBA_BIN, 'clusters', 'watch', 'slow3'], { env: cleanEnv({ ...digestEnv(stuck.url), CDBA_ERROR_FORMAT: 'json' }), extendEnv: false, reject: false, timeout: 30_000 });
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/is CREATING\n/.test(stderr)) resolve();
      });
      void child.then(() => resolve());
    });
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(143);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toHaveLength(1);
    expect((JSON.parse(lines.at(-1)!) as Report).error).toMatchObject({ exitCode: 143, retryable: false, message: 'terminated while waiting for cluster slow3 (CREATING)' });
    seen.push(143);
  });

  it('an unknown format is refused in the line form, exit 2, before any request', async () => {
    const before = emu.stats().total;
    for (const env of [{ ...digestEnv(emu.url), CDBA_ERROR_FORMAT: 'yaml' }, digestEnv(emu.url)]) {
      const args = env.CDBA_ERROR_FORMAT ? ['clusters', 'list'] : ['clusters', 'list', '--error-format', 'xml'];
      const result = await cdba(args, { env });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/^cdba: invalid --error-format "(yaml|xml)" \(or CDBA_ERROR_FORMAT\): expected text or json\n$/);
    }
    expect(emu.stats().total).toBe(before);
  });

  it('every exit code of a failure in the documented table had its case above', () => {
    const failures = EXIT_CODE_TABLE.map((e) => e.code).filter((code) => code !== 0 && code !== 10 && code !== 18);
    expect([...new Set(seen)].sort((a, b) => a - b)).toEqual(failures.sort((a, b) => a - b));
  });
});
