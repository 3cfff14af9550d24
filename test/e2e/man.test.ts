// Man pages are generated from the command tree and committed: the committed
// pages must equal a fresh rendering, and groff must accept them without warnings.
import { execa } from 'execa';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IO } from '../../src/base/io.js';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import { describe as describeTree } from '../../src/cli/tree.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const MAN_DIR = join(REPO_ROOT, 'man');
/** The top-level commands of the tree: each has its own page. */
const GROUPS = describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never).subcommands.map((command) => command.name);
const groffAvailable = !missingTool('groff', commandWorks('groff'), 'the man page lint is');

describe('man pages', () => {
  let fresh = '';

  beforeAll(async () => {
    fresh = tempDir('cdba-man-');
    const result = await execa('node', [join(REPO_ROOT, 'dist', 'gen-man.js'), fresh]);
    expect(result.exitCode).toBe(0);
  });

  it('has a page for the tool and for every command group', () => {
    const committed = readdirSync(MAN_DIR).sort();
    expect(GROUPS).toEqual(expect.arrayContaining(['clusters', 'dbusers', 'env', 'run', 'emulator']));
    expect(committed).toEqual(['cdba.1', ...GROUPS.map((g) => `cdba-${g}.1`)].sort());
  });

  it('equals a fresh rendering of the command tree (run `npm run man` after changing commands)', () => {
    for (const file of readdirSync(fresh)) {
      expect(readFileSync(join(MAN_DIR, file), 'utf8'), file).toBe(readFileSync(join(fresh, file), 'utf8'));
    }
    expect(readdirSync(fresh).sort()).toEqual(readdirSync(MAN_DIR).sort());
  });

  it('is listed in package.json so npm install -g installs it (npm run man writes the list)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { man: string[] };
    expect([...pkg.man].sort()).toEqual(readdirSync(MAN_DIR).map((f) => `man/${f}`).sort());
  });

  it('documents the exit codes and the environment in cdba(1)', () => {
    const page = readFileSync(join(MAN_DIR, 'cdba.1'), 'utf8');
    expect(page).toContain('.SH EXIT STATUS');
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '130']) expect(page).toMatch(new RegExp(`^\\.B ${code}$`, 'm'));
    expect(page).toContain('CDBA_CONFIG_DIR');
    expect(page).toContain('mongoDBMajorVersion');
  });

  it.skipIf(!groffAvailable)('renders with groff -man -ww without a warning', async () => {
    for (const file of readdirSync(MAN_DIR)) {
      const result = await execa('groff', ['-man', '-ww', '-z', join(MAN_DIR, file)], { reject: false });
      expect({ file, stderr: result.stderr, exitCode: result.exitCode }).toEqual({ file, stderr: '', exitCode: 0 });
    }
  });

  it.skipIf(!groffAvailable)('renders as text with the sections a reader looks for', async () => {
    const result = await execa('groff', ['-man', '-Tutf8', '-P-cbou', join(MAN_DIR, 'cdba.1')]);
    for (const section of ['NAME', 'SYNOPSIS', 'GLOBAL OPTIONS', 'ENVIRONMENT', 'FILES', 'EXIT STATUS', 'EXAMPLES']) {
      expect(result.stdout).toContain(section);
    }
  });
});
