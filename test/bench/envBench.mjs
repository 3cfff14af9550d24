// Figures 8 and 9 (issue 38): the requests of `env up` for a new env and for a reused
// one (a second run of the same env, its state file there), counted by the emulator
// whose transitions take 0 ms (the seed's transitionMs), so the count does not depend
// on how fast the machine is; and `env gc` over ended envs (each with its cluster, user
// and own access-list entry): its requests per env and its peak RSS at two sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulatorProcess } from './emulatorProcess.mjs';
import { timeProcess } from './measure.mjs';

const delta = (before, after) => {
  const byPath = {};
  for (const [key, n] of Object.entries(after.byPath)) {
    const d = n - (before.byPath[key] ?? 0);
    if (d) byPath[key] = d;
  }
  return { total: after.total - before.total, challenges: after.challenges - before.challenges, byPath };
};

async function counted(emulator, run) {
  const before = await emulator.stats();
  const result = await run();
  if (result.exitCode !== 0) throw new Error(`exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-2).join(' / ')}`);
  return delta(before, await emulator.stats());
}

/**
 * env up twice against `emulator` (transitions of 0 ms), in a config dir whose digest
 * session a first call has persisted, so the counts are env up's own requests.
 */
export async function envUpRequests({ node, bin, emulator, env, dir }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const cli = (args) => timeProcess(node, [bin, ...args], { env: { ...env, HOME: dir, CDBA_CONFIG_DIR: dir }, keepStdout: true });
  await counted(emulator, () => cli(['clusters', 'list', '-o', 'json']));
  const name = `envbench-${process.pid}`;
  const fresh = await counted(emulator, () => cli(['env', 'up', name, '-o', 'json']));
  const reused = await counted(emulator, () => cli(['env', 'up', name, '--ttl', '3h', '-o', 'json']));
  await counted(emulator, () => cli(['env', 'down', name]));
  return { fresh, reused };
}

/** A seed of `count` ended envs, each with its flex cluster, user and own entry. */
function endedEnvsSeed(owner, projectId, count) {
  const names = Array.from({ length: count }, (_, i) => `gc-${String(i).padStart(4, '0')}`);
  const inSixDays = new Date(Date.now() + 6 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    projects: [{
      id: projectId,
      name: 'bench-gc',
      ipAccessList: names.map((name, i) => ({ ipAddress: `10.${Math.floor(i / 250) % 250}.${i % 250}.1`, comment: `cdba env ${name}`, deleteAfterDate: inSixDays })),
    }],
    apiKeys: [{ ...owner, roles: [{ projectId, roleName: 'GROUP_OWNER' }] }],
    flexClusters: names.map((name) => ({
      projectId,
      cluster: { name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' }, tags: [{ key: 'cdba-env', value: name }, { key: 'cdba-env-expires', value: '2026-01-01T00:00:00Z' }] },
    })),
    databaseUsers: names.map((name) => ({
      projectId,
      user: { username: `cdba-env-${name}`, databaseName: 'admin', roles: [{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }], scopes: [{ name, type: 'CLUSTER' }], deleteAfterDate: inSixDays },
    })),
    rateLimit: { perMinute: 100_000_000 },
    transitionMs: 0,
  };
}

/** env gc over `count` ended envs, in a process of its own: requests and peak RSS. */
export async function gcRun({ node, bin, preload, baseEnv, owner, work, count }) {
  const projectId = 'a0000000000000000000bc9c';
  const seedFile = join(work, `gc-seed-${count}.json`);
  writeFileSync(seedFile, JSON.stringify(endedEnvsSeed(owner, projectId, count)));
  const dir = join(work, `gc-${count}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const emulator = await startEmulatorProcess({ bin, seedFile, env: { ...baseEnv, CDBA_CONFIG_DIR: dir } });
  try {
    const rssFile = join(work, `gc-maxrss-${count}`);
    const env = { ...baseEnv, HOME: dir, CDBA_CONFIG_DIR: dir, CDBA_BASE_URL: emulator.url, CDBA_PROJECT_ID: projectId, CDBA_PUBLIC_KEY: owner.publicKey, CDBA_PRIVATE_KEY: owner.privateKey, CDBA_BENCH_MAXRSS_FILE: rssFile };
    const requests = await counted(emulator, () => timeProcess(node, ['--import', preload, bin, 'env', 'gc', '-o', 'table'], { env, timeoutMs: 600_000 }));
    return { requests, maxRssKiB: Number(readFileSync(rssFile, 'utf8')) };
  } finally {
    await emulator.stop();
  }
}
