// Installing cdba as a new user would: a fresh clone of HEAD, the README's
// Install lines run as written (npm ci, npm pack, npm install -g of the
// tarball), then the installed copy used with the clone deleted. Also what the
// tarball holds, `npm publish --dry-run`, and an offline install into a second
// prefix. It clones HEAD: commit before running it on a change of your own.
// npm ci comes from the npm cache the outer `npm ci` filled (prefer-offline).
import { execa } from 'execa';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, cleanEnv, tempDir, type CliResult } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SETUP_MS = 300_000;

const head = await execa('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, reject: false }).catch(() => undefined);
const canClone = !missingTool('git', head?.exitCode === 0, 'the fresh-clone install test is');
const manAvailable = !missingTool('man', commandWorks('man'), 'the man page checks are');

/** The environment of a new user's shell: none of the outer npm run's npm_* variables, nothing of cdba's. */
function userEnv(prefix: string, home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(npm_|CDBA_|NODE_OPTIONS$|INIT_CWD$)/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    CDBA_CONFIG_DIR: home,
    npm_config_prefix: prefix, // where `npm install -g` puts it
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    MANPAGER: 'cat',
    PAGER: 'cat',
  };
}

/** The first ```sh block of the README's "## Install" section, as written (readme.test.ts leaves it to this test). */
function installLines(readme: string): string {
  const section = readme.split('\n## Install\n')[1]?.split('\n## ')[0] ?? '';
  return /```sh[^\n]*\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/** npm's warnings, less the dry run's not-logged-in notice and this machine's own npmrc. */
const npmWarnings = (stderr: string): string[] =>
  stderr
    .split('\n')
    .filter((line) => /^npm warn/i.test(line))
    .filter((line) => !/requires you to be logged in|Unknown (user|env|global|project) config/.test(line));

const run = async (file: string, args: string[], options: { cwd?: string; env: Record<string, string>; input?: string }): Promise<CliResult> => {
  const r = await execa(file, args, { ...options, extendEnv: false, reject: false, input: options.input ?? '', timeout: 240_000, stripFinalNewline: false });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
};

describe.skipIf(!canClone)('from a fresh clone, the README Install lines', () => {
  const work = tempDir('cdba-install-');
  const clone = join(work, 'clone');
  const prefix = join(work, 'prefix');
  const offlinePrefix = join(work, 'offline-prefix');
  const env = userEnv(prefix, tempDir('cdba-install-home-'));
  const tarball = join(work, `cdba-${VERSION}.tgz`);
  let lines = '';
  let readme = { exitCode: -1, stdout: '', stderr: '' } as CliResult;
  let npx = readme;
  let publish = readme;
  let offline = readme;
  let listing: string[] = [];
  let packedJson: Record<string, unknown> = {};

  beforeAll(async () => {
    expect((await execa('git', ['clone', '--quiet', '--no-checkout', REPO_ROOT, clone])).exitCode).toBe(0);
    expect((await execa('git', ['checkout', '--quiet', head!.stdout.trim()], { cwd: clone })).exitCode).toBe(0);
    lines = installLines(readFileSync(join(clone, 'README.md'), 'utf8'));
    readme = await run('bash', ['-euo', 'pipefail', '-c', lines], { cwd: clone, env });
    if (readme.exitCode !== 0) return;
    npx = await run('npx', ['cdba', 'version', '--verbose'], { cwd: clone, env });
    publish = await run('npm', ['publish', '--dry-run', '--offline'], { cwd: clone, env });
    // Keep the tarball, then delete the clone: the installed copy must not need it.
    await execa('cp', [join(clone, `cdba-${VERSION}.tgz`), tarball]);
    rmSync(clone, { recursive: true, force: true });
    listing = (await execa('tar', ['-tzf', tarball])).stdout.split('\n').filter(Boolean).sort();
    packedJson = JSON.parse((await execa('tar', ['-xzOf', tarball, 'package/package.json'])).stdout) as Record<string, unknown>;
    offline = await run('npm', ['install', '--global', '--offline', '--prefix', offlinePrefix, tarball], { env });
  }, SETUP_MS);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('are npm ci, npm pack and npm install -g of the tarball, and run as written without an error', () => {
    expect(lines).toMatch(/^npm ci && npm pack\b/m);
    expect(lines).toContain(`npm install -g ./cdba-${VERSION}.tgz`);
    expect(readme.stderr).not.toMatch(/^npm (error|ERR)/m);
    expect(readme.exitCode, readme.stderr).toBe(0);
  });

  it('install a copy that runs with the clone deleted, not a link into the clone', async () => {
    expect(existsSync(clone)).toBe(false);
    const bin = join(prefix, 'bin', 'cdba');
    expect(realpathSync(bin).startsWith(realpathSync(prefix))).toBe(true);
    expect(await run('cdba', ['--version'], { env })).toEqual({ exitCode: 0, stdout: `${VERSION}\n`, stderr: '' });
    const verbose = await run('cdba', ['version', '--verbose'], { env });
    expect(verbose.exitCode).toBe(0);
    expect(verbose.stderr).toBe('');
    expect(verbose.stdout).toBe(`cdba ${VERSION}\nnode ${process.version}\nplatform ${process.platform}-${process.arch}\nsingle-executable no\n`);
  });

  it.skipIf(!manAvailable)('put the man pages where `man cdba` finds them', async () => {
    const page = await run('man', ['cdba'], { env });
    expect(page.stderr).toBe('');
    expect(page.exitCode).toBe(0);
    expect(page.stdout).toMatch(/^NAME\n\s+cdba\s+-\s/m);
    const group = await run('man', ['cdba-clusters'], { env });
    expect(group.exitCode).toBe(0);
    expect(group.stdout).toMatch(/^NAME\n\s+cdba-clusters\s+-\s/m);
  });

  it('leave npx cdba working in the clone after npm ci', () => {
    expect(npx.exitCode, npx.stderr).toBe(0);
    expect(npx.stdout).toMatch(new RegExp(`^cdba ${VERSION.replaceAll('.', '\\.')}\n`));
  });

  it('pack bin, dist/cdba.cjs, man, README, LICENSE and package.json, nothing else, and no runtime dependency', () => {
    const allowed = [
      /^package\/(package\.json|README\.md|LICENSE)$/,
      /^package\/bin\/(cdba\.js|codeCache\.js|package\.json)$/,
      /^package\/dist\/cdba\.cjs$/,
      /^package\/man\/cdba(-[a-z-]+)?\.1$/,
    ];
    expect(listing.filter((file) => !allowed.some((re) => re.test(file)))).toEqual([]);
    for (const file of ['package/LICENSE', 'package/README.md', 'package/bin/cdba.js', 'package/dist/cdba.cjs', 'package/man/cdba.1']) {
      expect(listing).toContain(file);
    }
    expect(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8')).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(packedJson.license).toBe('Apache-2.0');
    // dist/ is a bundle of every module cdba runs: a runtime dependency would be downloaded for nothing.
    expect(packedJson.dependencies ?? {}).toEqual({});
    expect(packedJson.scripts).not.toHaveProperty('prepare');
    expect(packedJson.scripts).not.toHaveProperty('install');
    expect(packedJson.scripts).not.toHaveProperty('postinstall');
  });

  it('npm publish --dry-run warns about nothing in the package', () => {
    expect(publish.exitCode, publish.stderr).toBe(0);
    expect(npmWarnings(publish.stderr)).toEqual([]);
    expect(publish.stdout).toContain(`+ cdba@${VERSION}`);
  });

  it('the tarball installs offline into a fresh prefix, with its man pages, and lists clusters of an emulator', async () => {
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(npmWarnings(offline.stderr)).toEqual([]);
    const { emu, env: emuEnv } = await withEmulator();
    try {
      const result = await run(join(offlinePrefix, 'bin', 'cdba'), ['clusters', 'list', '-o', 'json', '--query', 'totalCount'], {
        env: cleanEnv(emuEnv),
      });
      expect(result).toEqual({ exitCode: 0, stdout: '0\n', stderr: '' });
    } finally {
      await emu.stop();
    }
    if (manAvailable) {
      const page = await run('man', ['-M', join(offlinePrefix, 'share', 'man'), 'cdba'], { env });
      expect(page.exitCode, page.stderr).toBe(0);
      expect(page.stdout).toMatch(/^EXIT STATUS$/m);
    }
  });
});
