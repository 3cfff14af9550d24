// `cdba emulator`: runs the local API on loopback until SIGINT/SIGTERM.
// The first stdout line is the base URL alone, so scripts can `read` it.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../core/context.js';
import type { ModuleOption, ModuleOptions } from '../emulator/index.js';
// Data only (the modules' declarations of their options), so start-up may load it.
import { MODULE_OPTIONS } from '../emulator/resources/options.js';
import { isLoopbackHost, validateProfileName } from '../config/validate.js';
import { profileNamed, type ConfigFile } from '../config/store.js';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { parseServiceDate } from '../base/isoDate.js';
import { takeOverTerminate } from '../base/terminate.js';
import { intFlag, withDetails, withExamples, type App } from './command.js';

interface EmulatorFlags {
  host: string;
  allowRemote?: boolean;
  port: number;
  seed?: string;
  state?: string;
  tlsCert?: string;
  tlsKey?: string;
  latency?: number;
  failRate?: number;
  faultSeed?: number;
  dropAfterCommit?: boolean;
  transitionMs?: number;
  rateLimit?: number;
  rateWindowMs?: number;
  writeProfile?: string;
  date?: string;
  digestSha256?: boolean;
}

function probability(value: string): number {
  const p = Number(value);
  if (value.trim() === '' || !Number.isFinite(p) || p < 0 || p > 1) {
    throw new UsageError(`invalid --fail-rate "${value}": expected a number from 0 to 1`);
  }
  return p;
}

/** A module's option (MODULE_OPTIONS) as commander takes it: its parser's refusal is a usage error, exit 2. */
export function moduleFlag(declared: ModuleOption): Option {
  const option = new Option(declared.value ? `${declared.flag} ${declared.value}` : declared.flag, declared.description);
  const parse = declared.parse;
  if (parse) {
    option.argParser((value: string) => {
      try {
        return parse(value);
      } catch (error) {
        throw new UsageError(`invalid ${declared.flag} "${value}": ${(error as Error).message}`);
      }
    });
  }
  return option;
}

export function registerEmulator(program: Command, app: App): void {
  // The modules' own options, shown after --transition-ms; their values go to startEmulator by the keys they declare.
  const moduleFlags = MODULE_OPTIONS.map((declared) => ({ declared, option: moduleFlag(declared) }));
  const head = program
    .command('emulator')
    .description('run a faithful local implementation of the API on loopback (for tests, CI and the demo)')
    .option('--host <host>', 'address to listen on; loopback only unless --allow-remote', '127.0.0.1')
    .option('--allow-remote', 'let --host be a non-loopback address')
    .option('--port <port>', 'port; 0 picks a free one', intFlag('--port', 0, 65535), 0)
    .option('--seed <file>', 'JSON seed: projects, API keys, clusters, ...')
    .option('--state <file>', 'keep state in this file, reloaded on start')
    .option('--tls-cert <file>', 'serve HTTPS with this PEM certificate')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .option('--latency <ms>', 'add this delay to every response', intFlag('--latency', 0, 60_000))
    .option('--fail-rate <p>', 'answer this fraction of requests with 503', probability)
    .option('--fault-seed <n>', 'seed for --fail-rate, so faults repeat exactly', intFlag('--fault-seed', 0))
    .option('--drop-after-commit', 'commit each create (cluster, flex cluster, project, access-list entries), then drop the answer')
    // From the environment too: a script pasted as written (the README's, a CI job's) runs against a faster emulator.
    .addOption(new Option('--transition-ms <ms>', 'how long CREATING/UPDATING/DELETING last (default 2000)').env('CDBA_EMULATOR_TRANSITION_MS').argParser(intFlag('--transition-ms', 0)));
  for (const { option } of moduleFlags) head.addOption(option);
  const command = head
    .option('--rate-limit <n>', 'requests per minute per project, all resources (429)', intFlag('--rate-limit', 1))
    .option('--rate-window-ms <ms>', 'length of the --rate-limit window (default 60000)', intFlag('--rate-window-ms', 1))
    .option('--write-profile <name>', 'save a ready profile for the owner key; replaces an existing one only if it points at loopback', (name: string) => validateProfileName(name, '--write-profile'))
    .option('--date <date>', 'run the service as on this date or time (default now)', (value) => parseServiceDate(value))
    .option('--digest-sha256', 'offer a SHA-256 digest challenge before MD5')
    .action(async (options, cmd) => {
      const values = Object.fromEntries(moduleFlags.flatMap(({ declared, option }) => {
        const value = cmd.getOptionValue(option.attributeName() as never) as unknown;
        return value === undefined ? [] : [[declared.key, value]];
      })) as ModuleOptions;
      await runEmulator(app.context(cmd), options, values);
    });
  withDetails(command, {
    options: {
      '--allow-remote': 'Anyone who reaches it can use the printed owner keys',
      '--seed': 'Projects, API keys, service accounts, clusters and the rest, as the README shows',
      '--state': 'Written after every change',
      '--tls-cert': 'Needs --tls-key',
      '--fail-rate': 'Each with Retry-After: 1',
      '--drop-after-commit': 'The connection closes unanswered',
      ...Object.fromEntries(MODULE_OPTIONS.flatMap((o) => (o.details ? [[o.flag, o.details]] : []))),
      '--rate-limit': "For tests of 429; default: the service's limits, per resource",
      '--rate-window-ms': 'A minute by default; for tests of 429 handling',
      '--write-profile': "Into the config dir: the owner API key, or the owner service account where the seed has no owner key (neither: refused, exit 2). An existing profile of that name is replaced only if it points at a loopback URL (an emulator's); one that points at the service is refused, exit 2",
      '--date': "A date that selects a version past its Sunset answers 410 VERSION_GONE, and the Date header reads this day (cdba versions counts from it); a time such as 2026-12-01T14:00:00Z starts the service's clock there, so a restart on the same --state later finds what expired meanwhile gone",
      '--digest-sha256': 'The service offers MD5 only',
    },
  });
  withExamples(command, [
    ['Start on a free port and save a profile for it', 'cdba emulator --write-profile local'],
    ['In the background: wait for its first line, printed once the profile is saved', 'rm -f emu.out; cdba emulator --write-profile local > emu.out & until [ -s emu.out ]; do sleep 0.1; done; cdba -P local clusters list'],
    ['In CI: start in the background and read the URL from the first line', 'rm -f emu.out; cdba emulator > emu.out & until [ -s emu.out ]; do sleep 0.1; done; export CDBA_BASE_URL=$(head -n1 emu.out)'],
    ['In CI: prove the scripts survive the 2027-07-01 removal of 2023-02-01', 'cdba emulator --date 2027-07-01 --write-profile future'],
    ['Expiry without waiting: the same --state, restarted four hours on', 'cdba emulator --state emu.json --date 2026-12-01T10:00:00Z  # later: --date 2026-12-01T14:00:00Z'],
    ['Start it, then count the requests it has seen', "rm -f emu.out; cdba emulator > emu.out & until [ -s emu.out ]; do sleep 0.1; done; curl -s \"$(head -n1 emu.out)/_emulator/stats\" | jq '.total'"],
  ]);
}

/**
 * The emulator prints working owner keys and accepts every client, so it binds
 * loopback unless --allow-remote says otherwise; then the answer is a warning.
 */
export function bindDecision(host: string, allowRemote: boolean): { warning?: string } {
  if (isLoopbackHost(host)) return {};
  if (!allowRemote) {
    throw new UsageError(`refusing to listen on non-loopback host "${host}": other machines could use the emulator's printed owner keys`, {
      hint: 'pass --allow-remote if that is what you want',
    });
  }
  return { warning: `the emulator listens on "${host}", reachable from other machines; anyone who can reach it can use its owner keys` };
}

/** True for a base URL on a loopback host (http://127.0.0.1:…, http://[::1]:…, http://localhost:…): an emulator's, not the service's. */
function isLoopbackUrl(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false; // none is the live service
  try {
    const url = new URL(baseUrl);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/**
 * --write-profile replaces a profile that points at an emulator (the tour's `local`,
 * run again), never one that points elsewhere: its credentials may be the only copy.
 */
function refuseToReplace(config: ConfigFile, name: string): void {
  const old = profileNamed(config, name);
  if (old === undefined || isLoopbackUrl(old.baseUrl)) return;
  throw new UsageError(`--write-profile: profile "${name}" exists and points at ${old.baseUrl === undefined ? 'the live service' : 'a non-loopback base URL'}, not at an emulator`, {
    hint: `pick another name, or remove it first with cdba profile remove ${name}`,
  });
}

/** Runs the emulator; `modules`: the values of the modules' own options, by their keys. */
export async function runEmulator(ctx: Context, flags: EmulatorFlags, modules: ModuleOptions = {}): Promise<void> {
  const { warning } = bindDecision(flags.host, flags.allowRemote === true);
  if (Boolean(flags.tlsCert) !== Boolean(flags.tlsKey)) throw new UsageError('--tls-cert and --tls-key go together');
  // Before it listens; checked again under the lock below, where the profile is written.
  if (flags.writeProfile) refuseToReplace((await ctx.config()).read(), flags.writeProfile);
  const readPem = (file: string, flag: string): string => readTextFileSync(file, { label: flag, maxBytes: MAX_BYTES.pem, expected: 'a PEM file' });
  const { startEmulator, loadSeedFile } = await import('../emulator/index.js');
  const emulator = await startEmulator({
    ...modules,
    host: flags.host,
    port: flags.port,
    ...(flags.seed ? { seed: loadSeedFile(flags.seed) } : {}),
    ...(flags.state ? { statePath: flags.state } : {}),
    ...(flags.tlsCert && flags.tlsKey
      ? { tls: { cert: readPem(flags.tlsCert, '--tls-cert'), key: readPem(flags.tlsKey, '--tls-key') } }
      : {}),
    ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
    ...(flags.failRate !== undefined ? { failRate: flags.failRate } : {}),
    ...(flags.faultSeed !== undefined ? { faultSeed: flags.faultSeed } : {}),
    ...(flags.dropAfterCommit ? { dropAfterCommit: true } : {}),
    ...(flags.transitionMs !== undefined ? { transitionMs: flags.transitionMs } : {}),
    ...(flags.rateLimit !== undefined ? { rateLimitPerMinute: flags.rateLimit } : {}),
    ...(flags.rateWindowMs !== undefined ? { rateWindowMs: flags.rateWindowMs } : {}),
    date: flags.date ?? new Date().toISOString().slice(0, 10),
    ...(flags.digestSha256 ? { digestSha256: true } : {}),
  });
  const { projectId, owner, readOnly, serviceAccount, ownerServiceAccount } = emulator.defaults;
  // These are the emulator's own throwaway credentials; printing them is its job.
  // The profile is saved before the first line is printed, so a script that
  // waits for that line (the README's tour) can use the profile at once. Its
  // credentials are an owner's: the owner API key, else the owner service account.
  if (flags.writeProfile) {
    const name = flags.writeProfile;
    const credentials = owner.publicKey !== ''
      ? { publicKey: owner.publicKey, privateKey: owner.privateKey }
      : ownerServiceAccount && { clientId: ownerServiceAccount.clientId, clientSecret: ownerServiceAccount.clientSecret };
    if (!credentials) {
      await emulator.stop();
      throw new UsageError("--write-profile: no API key or service account of the emulator has GROUP_OWNER, so the profile would have no credentials; give the seed's apiKeys or serviceAccounts an owner");
    }
    const profile = { baseUrl: emulator.url, ...credentials, projectId };
    try {
      await (await ctx.config()).update((config) => {
        refuseToReplace(config, name);
        config.profiles[name] = profile;
        config.currentProfile ??= name;
      });
    } catch (error) {
      await emulator.stop();
      throw error;
    }
    ctx.io.note(`cdba: profile "${name}" now points at the emulator${'clientId' in credentials ? ' (as its owner service account: the seed has no owner API key)' : ''}`);
  }
  if (warning) ctx.io.warn(warning);
  for (const line of emulator.warnings) ctx.io.warn(line);
  ctx.io.write(
    [
      emulator.url,
      `projectId=${projectId}`,
      `publicKey=${owner.publicKey}`,
      `privateKey=${owner.privateKey}`,
      `readOnlyPublicKey=${readOnly.publicKey}`,
      `readOnlyPrivateKey=${readOnly.privateKey}`,
      `clientId=${serviceAccount.clientId}`,
      `clientSecret=${serviceAccount.clientSecret}`,
      '',
    ].join('\n'),
  );
  ctx.io.note('cdba: emulator running; Ctrl-C stops it');
  await new Promise<void>((resolve) => {
    ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
    takeOverTerminate(); // it stops cleanly below, exit 0
    process.once('SIGTERM', () => resolve());
  });
  await emulator.stop();
  ctx.io.note('cdba: emulator stopped');
}
