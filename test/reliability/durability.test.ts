// Guarantees of durability:
// - the emulator with --state loses no acknowledged write when it is killed with
//   SIGKILL in the middle of a burst from several processes, and its state file
//   parses at every moment;
// - two processes running `cdba profile add` 50 times each (main() in a loop,
//   profileWriter.mjs), at the same time, leave a valid config file that holds
//   every profile.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../helpers/cli.js';
import { knownSeed, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, spawnEmulator, type EmulatorProcess } from './support.js';

const WRITER = resolve(import.meta.dirname, 'writer.mjs');
const PROFILE_WRITER = resolve(import.meta.dirname, 'profileWriter.mjs');
const WRITERS = 4;
/**
 * Kill once this many writes are acknowledged. The writers write until one fails,
 * so the kill always lands mid-burst: with a fixed count, a test process not
 * scheduled for a few seconds read its 100th ack after all 200 were done.
 */
const KILL_AFTER = 100;

interface Ack {
  kind: 'create' | 'patch';
  name: string;
  diskSizeGB?: number;
}

type StateFile = { world: { clusters: Array<{ model: { name: string; diskSizeGB: number } }> } };

const running: EmulatorProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

describe('durability', () => {
  it(`SIGKILL during a burst of writes from ${WRITERS} processes (after ${KILL_AFTER} acknowledged): every acknowledged write survives`, async () => {
    const dir = tempDir('cdba-durability-');
    const statePath = join(dir, 'state.json');
    const seedPath = join(dir, 'seed.json');
    writeFileSync(seedPath, JSON.stringify(knownSeed({ clusters: [] })));
    // The burst is far beyond the service's 100 requests a minute: this test is about durability.
    const emulator = await spawnEmulator(['--seed', seedPath, '--state', statePath, '--transition-ms', '3600000', '--rate-limit', '100000']);
    running.push(emulator);

    // The state file is read and parsed over and over while the burst runs.
    let reads = 0;
    const unreadable: string[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          JSON.parse(readFileSync(statePath, 'utf8'));
          reads += 1;
        } catch (error) {
          unreadable.push((error as Error).message);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const acks: Ack[] = [];
    const stops: string[] = [];
    let killed = false;
    const writers = Array.from({ length: WRITERS }, (_, w) => {
      const child = execa('node', [WRITER, emulator.url, OWNER_PUBLIC, OWNER_PRIVATE, PROJECT_ID, `w${w}`], {
        reject: false,
        lines: true,
        timeout: 60_000,
      });
      child.stdout?.setEncoding('utf8');
      let pending = '';
      child.stdout?.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const [word, kind, name, size] = line.split(' ');
          if (word === 'stop') stops.push(line.slice(5));
          if (word !== 'ack') continue;
          acks.push({ kind: kind as Ack['kind'], name: name!, ...(size ? { diskSizeGB: Number(size) } : {}) });
          if (!killed && acks.length >= KILL_AFTER) {
            killed = true;
            emulator.child.kill('SIGKILL');
          }
        }
      });
      return child;
    });
    await Promise.all(writers);
    // Writers that all stopped before the kill (a write refused) leave the emulator running.
    if (!killed) emulator.child.kill('SIGKILL');
    await emulator.child;
    polling = false;
    await poller;

    expect(killed, `only ${acks.length} writes were acknowledged; the writers stopped: ${stops.join('; ')}`).toBe(true);
    // The kill cut the burst: writers stopped because the emulator went away, not because a write was refused.
    expect(stops).toHaveLength(WRITERS);
    for (const reason of stops) expect(reason).toMatch(/fetch failed|other side closed|ECONNRE/);
    expect(unreadable).toEqual([]);
    expect(reads).toBeGreaterThan(0);

    const check = (clusters: Array<{ name: string; diskSizeGB: number }>): void => {
      const byName = new Map(clusters.map((c) => [c.name, c]));
      for (const ack of acks) {
        const cluster = byName.get(ack.name);
        expect(cluster, `acknowledged create of ${ack.name} is lost`).toBeDefined();
        // Each cluster is patched once, so an acknowledged patch is the value it has now.
        if (ack.kind === 'patch') expect(cluster!.diskSizeGB, `acknowledged patch of ${ack.name}`).toBe(ack.diskSizeGB);
      }
    };
    // The file itself, after the kill...
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as StateFile;
    check(state.world.clusters.map((c) => c.model));
    // ...and what a restarted emulator serves from it.
    const restarted = await spawnEmulator(['--seed', seedPath, '--state', statePath]);
    running.push(restarted);
    const env = { CDBA_BASE_URL: restarted.url, CDBA_PUBLIC_KEY: OWNER_PUBLIC, CDBA_PRIVATE_KEY: OWNER_PRIVATE, CDBA_PROJECT_ID: PROJECT_ID };
    // 2023-02-01 has diskSizeGB at the top (2024-08-05, the default read version, has it per shard).
    const listed = await cdba(['--api-version', '2023-02-01', 'clusters', 'list', '--all', '-o', 'json'], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const served = (JSON.parse(listed.stdout) as { results: Array<{ name: string; diskSizeGB: number }> }).results;
    check(served);
    expect(served.length).toBeGreaterThanOrEqual(acks.filter((a) => a.kind === 'create').length);
  });

  it('two processes adding 50 profiles each at once leave a valid config with all 100', async () => {
    const configDir = tempDir('cdba-profile-race-');
    const indexes = Array.from({ length: 50 }, (_, i) => i);
    // Two processes side by side, each running its 50 adds one after another.
    const writer = (prefix: string) =>
      execa('node', [PROFILE_WRITER, prefix, String(indexes.length), OWNER_PUBLIC], { env: cleanEnv({}, configDir), extendEnv: false, input: `${OWNER_PRIVATE}\n`, reject: false, timeout: 60_000 });
    const results = await Promise.all([writer('p1'), writer('p2')]);
    for (const result of results) {
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout.split('\n').filter((line) => line !== '' && !line.startsWith('ok '))).toEqual([]);
      expect(result.stdout.split('\n').filter((line) => line.startsWith('ok '))).toHaveLength(indexes.length);
    }
    const config = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, { publicKey: string }>; currentProfile: string };
    const expected = [1, 2].flatMap((loop) => indexes.map((i) => `p${loop}-${i}`)).sort();
    expect(Object.keys(config.profiles).sort()).toEqual(expected);
    for (const profile of Object.values(config.profiles)) expect(profile.publicKey).toBe(OWNER_PUBLIC);
    expect(['p1-0', 'p2-0']).toContain(config.currentProfile);
  }, 120_000);

  it('a write cut short by the file size limit (ulimit -f 1) fails with one line, exit 2, and leaves config.json whole', async () => {
    const configDir = tempDir('cdba-ulimit-');
    const profiles = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { publicKey: OWNER_PUBLIC, projectId: PROJECT_ID }]));
    const before = `${JSON.stringify({ currentProfile: 'p1', profiles }, null, '\t')}\n`;
    expect(before.length).toBeGreaterThan(1024);
    writeFileSync(join(configDir, 'config.json'), before, { mode: 0o600 });
    // Its own code cache: a cache file cut short by the limit is no other test's.
    const env = cleanEnv({ XDG_CACHE_HOME: tempDir('cdba-ulimit-cache-') }, configDir);
    const result = await execa('bash', ['-c', 'ulimit -f 1; exec node "$0" profile set p1 output json', CDBA_BIN], { env, extendEnv: false, reject: false, timeout: 20_000 });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^cdba: cannot write config file ${configDir}/config\\.json: the file is larger than the file size limit \\(ulimit -f\\)`));
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
    expect(readdirSync(configDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
