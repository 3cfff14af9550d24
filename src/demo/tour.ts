// `npm run demo`: a scripted tour of the real CLI against the embedded emulator.
// Each step runs bin/cdba.js in a child process and shows the command first.
// It uses a temporary config directory and removes it, leaving nothing behind.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IO } from '../base/io.js';
import { startEmulator } from '../emulator/index.js';

const CDBA = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'cdba.js');
const PROJECT_ID = '5f0c8a1e2b3c4d5e6f708192';
const CLUSTER = 'demo-cluster';

interface StepResult {
  code: number;
  stdout: string;
}

async function tour(io: IO): Promise<number> {
  const configDir = mkdtempSync(join(tmpdir(), 'cdba-demo-'));
  const emulator = await startEmulator({
    // Short transitions: the tour shows every wait and still ends within 20 s.
    transitionMs: 500,
    seed: {
      projects: [{ id: PROJECT_ID, name: 'demo', privateIpMode: true, peering: true, privateEndpoints: [] }],
      apiKeys: [
        {
          publicKey: 'demokey1',
          privateKey: '6f1d2c3b-4a59-4e8f-9a7b-0c1d2e3f4a5b',
          accessList: ['127.0.0.1/32', '::1/128'],
          roles: [{ projectId: PROJECT_ID, roleName: 'GROUP_OWNER' }],
        },
      ],
      serviceAccounts: [],
      clusters: [],
    },
  });
  const env: NodeJS.ProcessEnv = { ...process.env, CDBA_CONFIG_DIR: configDir, NO_COLOR: '1' };
  delete env.CDBA_PROFILE;

  const run = (args: string[], input?: string): Promise<StepResult> =>
    new Promise((done, fail) => {
      const shown = args.map((a) => (/[\s'"$]/.test(a) ? `'${a}'` : a)).join(' ');
      io.write(`\n${io.chalk.bold(`$ cdba ${shown}`)}\n`);
      const child = spawn(process.execPath, [CDBA, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        io.write(chunk.toString('utf8'));
      });
      child.stderr.on('data', (chunk: Buffer) => io.err.write(chunk));
      child.on('error', fail);
      child.on('close', (code) => done({ code: code ?? 1, stdout }));
      child.stdin.end(input ?? '');
    });

  const steps: Array<{ args: string[]; input?: string }> = [
    {
      args: ['profile', 'add', 'demo', '--public-key', 'demokey1', '--private-key-stdin',
        '--project-id', PROJECT_ID, '--base-url', emulator.url],
      input: '6f1d2c3b-4a59-4e8f-9a7b-0c1d2e3f4a5b\n',
    },
    { args: ['profile', 'show', '-o', 'table'] },
    { args: ['clusters', 'create', CLUSTER, '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--backup', '--watch', '-o', 'json', '--query', '{name: name, state: stateName, backup: backupEnabled}'] },
    { args: ['clusters', 'list', '-o', 'table'] },
    { args: ['clusters', 'get', CLUSTER, '-o', 'json', '--query', '{name: name, tier: replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize}'] },
    { args: ['conn-string', 'get', CLUSTER] },
    { args: ['conn-string', 'list', CLUSTER, '-o', 'table'] },
    // Cloud backup: an on-demand snapshot beside the schedule's.
    { args: ['backups', 'snapshots', 'take', CLUSTER, '--description', 'before the tour', '--retention', '7d', '--watch', '-o', 'json', '--query', '{id: id, status: status}'] },
    { args: ['backups', 'snapshots', 'list', CLUSTER, '-o', 'json', '--query', 'results[?snapshotType==`onDemand`].{id: id, status: status, description: description}'] },
    // Search: the sample data, then an index on it, queryable once --watch returns.
    { args: ['clusters', 'load-sample-data', CLUSTER, '--watch', '-o', 'json', '--query', 'state'] },
    { args: ['search-indexes', 'create', CLUSTER, '--db', 'sample_mflix', '--collection', 'movies', '--name', 'default', '--dynamic', '--watch', '-o', 'json', '--query', '{name: name, status: status, queryable: queryable}'] },
    // A database for one CI run: env up makes a flex cluster, a user and an access-list entry; env down removes them.
    { args: ['env', 'up', 'ci-1', '--ttl', '1h', '-o', 'json'] },
    { args: ['env', 'down', 'ci-1', '--watch'] },
    // run: env up, the command with MONGODB_URI in its environment, env down whatever it did.
    { args: ['run', '--name', 'tour-run', '--', 'node', '-e', "console.log(\"the command sees\", process.env.MONGODB_URI.split(\"@\")[1])"] },
    // Private networking: a peer with your VPC (peering watch <id> would wait for it), and a private endpoint service.
    { args: ['peering', 'create', '--provider', 'AWS', '--region', 'EU_WEST_1', '--atlas-cidr', '192.168.248.0/21', '--aws-account-id', '123456789012', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16', '-o', 'json', '--query', '{id: id, status: statusName}'] },
    { args: ['peering', 'list', '-o', 'table'] },
    { args: ['private-endpoints', 'create', '--provider', 'AWS', '--region', 'EU_WEST_1', '--watch', '-o', 'json', '--query', '{id: id, status: status, serviceName: endpointServiceName}'] },
  ];
  try {
    for (const step of steps) {
      const result = await run(step.args, step.input);
      if (result.code !== 0) throw new Error(`step failed with exit ${result.code}: cdba ${step.args.join(' ')}`);
    }
    const uri = (await run(['conn-string', 'get', CLUSTER, '--type', 'private'])).stdout.trim();
    for (const args of [
      ['conn-string', 'parse', uri, '-o', 'pretty'],
      ['private-ip', 'status', '-o', 'table'],
      ['private-ip', 'disable', '--yes'],
      ['clusters', 'delete', CLUSTER, '--yes', '--watch'],
      ['clusters', 'list', '-o', 'json', '--query', 'totalCount'],
    ]) {
      const result = await run(args);
      if (result.code !== 0) throw new Error(`step failed with exit ${result.code}: cdba ${args.join(' ')}`);
    }
    io.write(`\n${io.chalk.green('Tour complete.')} The emulator saw ${emulator.stats().total} requests.\n`);
    return 0;
  } catch (error) {
    io.note(`demo: ${(error as Error).message}`);
    return 1;
  } finally {
    await emulator.stop();
    rmSync(configDir, { recursive: true, force: true });
  }
}

process.exitCode = await tour(IO.fromProcess(process.env));
