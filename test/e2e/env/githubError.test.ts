// env up -o github on failure (issue 38): the error line (or --error-format json's
// document) on stderr as ever, and on stdout one workflow command, ::error::, with the
// same message and hint, so the failure shows on the run's page; nothing else on stdout.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000007f';
const NOWHERE = 'c000000000000000000000ff';
let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'annotations' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

function githubEnv(projectId = PROJECT): Record<string, string> {
  const dir = tempDir();
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_ENV: join(dir, 'env') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  return ownerEnv(emu.url, projectId, files);
}

describe('env up -o github, failing', () => {
  it('an answer of the service: the error line on stderr, the same as an ::error:: annotation on stdout', async () => {
    const r = await cdba(['env', 'up', 'gh-fail', '-o', 'github', '--ip', '10.3.3.3'], { env: githubEnv(NOWHERE), configDir: tempDir() });
    expect(r.exitCode).toBe(4);
    const line = r.stderr.trimEnd().split('\n').at(-1)!;
    expect(line).toMatch(/^cdba: .*\(GROUP_NOT_FOUND, HTTP 404\)/);
    expect(r.stdout).toBe(`::error title=cdba env up::${line.replace(/^cdba: /, '')}\n`);
  });

  it('a refusal before any request too; with --error-format json, the document on stderr and the annotation on stdout', async () => {
    const r = await cdba(['env', 'up', 'gh-fail', '-o', 'github', '--ttl', '8d', '--error-format', 'json'], { env: githubEnv(), configDir: tempDir() });
    expect(r.exitCode).toBe(2);
    const doc = JSON.parse(r.stderr) as { error: { message: string; exitCode: number } };
    expect(doc.error).toMatchObject({ exitCode: 2, message: 'invalid --ttl "8d": the service allows at most one week (7d)' });
    expect(r.stdout).toBe('::error title=cdba env up::invalid --ttl "8d": the service allows at most one week (7d)\n');
  });

  it('-o env and -o json print no annotation', async () => {
    const r = await cdba(['env', 'up', 'gh-fail', '-o', 'json', '--ttl', '8d'], { env: githubEnv(), configDir: tempDir() });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
  });
});
