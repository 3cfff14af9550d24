// `npm run demo` (dist/demo.js) tours the real CLI against the embedded
// emulator, offline, exits 0 and leaves nothing behind; it shows the commands
// added since the first tour too (the test checks the commands, not the time).
import { execa } from 'execa';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

it('runs the whole tour green and cleans up', { timeout: 300_000 }, async () => {
  // A temporary directory of its own: other runs (another suite on the machine) make and remove theirs meanwhile.
  const tmp = tempDir('cdba-demo-tmp-');
  const result = await execa('node', [join(REPO_ROOT, 'dist', 'demo.js')], {
    env: { PATH: process.env.PATH ?? '', HOME: tempDir('cdba-demo-home-'), TMPDIR: tmp },
    extendEnv: false,
    reject: false,
    timeout: 280_000, // a hang-stopper: the tour takes about 20 s, many times that at a load of 25 (seen)
  });
  expect(result.stderr).not.toMatch(/demo: step failed/);
  expect(result.exitCode).toBe(0);
  for (const step of [
    '$ cdba profile add demo',
    '$ cdba clusters create demo-cluster',
    '$ cdba clusters list',
    '$ cdba conn-string get demo-cluster',
    '$ cdba conn-string parse',
    // What came since (issue 43, item 15): backups, search indexes, env, run, peering, private endpoints.
    '$ cdba backups snapshots take demo-cluster',
    '$ cdba backups snapshots list demo-cluster',
    '$ cdba clusters load-sample-data demo-cluster --watch',
    '$ cdba search-indexes create demo-cluster',
    '$ cdba env up ci-1',
    '$ cdba env down ci-1',
    '$ cdba run --name tour-run -- node',
    '$ cdba peering create --provider AWS',
    '$ cdba peering list',
    '$ cdba private-endpoints create --provider AWS',
    '$ cdba private-ip disable --yes',
    '$ cdba clusters delete demo-cluster --yes --watch',
  ]) {
    expect(result.stdout).toContain(step);
  }
  expect(result.stdout).toMatch(/mongodb\+srv:\/\/demo-cluster\.[a-z0-9]+\.mongodb\.net/);
  // Each shows its result: a completed snapshot, a queryable index, the env's connection, what run's command saw, the service name.
  expect(result.stdout).toMatch(/"description":"before the tour"/);
  expect(result.stdout).toContain('{"name":"default","status":"READY","queryable":true}');
  expect(result.stdout).toMatch(/"MONGODB_URI": "mongodb\+srv:\/\/cdba-env-ci-1:/);
  expect(result.stdout).toMatch(/^the command sees tour-run\.[a-z0-9]+\.mongodb\.net$/m);
  expect(result.stdout).toMatch(/"serviceName":"com\.amazonaws\.vpce\.eu-west-1\.vpce-svc-/);
  expect(result.stdout).toContain('Tour complete.');
  // Nothing of this run is left behind.
  expect(readdirSync(tmp)).toEqual([]);
});
