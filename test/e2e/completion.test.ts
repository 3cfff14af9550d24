// The bash completion script, sourced in a real bash, offers the right words.
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CDBA_BIN, cdba, tempDir } from '../helpers/inProcess.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const bashAvailable = !missingTool('bash', commandWorks('bash'), 'the bash completion tests are');

describe.skipIf(!bashAvailable)('cdba completion bash', () => {
  let script = '';
  let dir = '';
  let configDir = '';

  beforeAll(async () => {
    configDir = tempDir();
    dir = tempDir();
    const result = await cdba(['completion', 'bash'], { configDir });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    script = join(dir, 'cdba.bash');
    writeFileSync(script, result.stdout);
    // A `cdba` on PATH for the script's profile lookup, pointing at the built binary.
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'cdba'), `#!/bin/sh\nexec node ${CDBA_BIN} "$@"\n`, { mode: 0o755 });
    for (const name of ['prod', 'staging']) {
      const added = await cdba(['profile', 'set', name, 'apiVersion', 'v1.0'], { configDir });
      expect(added.exitCode).toBe(0);
    }
  });

  /** Completes `line` (cursor at the end) and returns COMPREPLY. */
  async function complete(line: string): Promise<string[]> {
    const words = line.split(' ');
    const program = [
      `source ${script}`,
      `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
      `COMP_CWORD=${words.length - 1}`,
      `COMP_LINE='${line}'`,
      '_cdba',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const result = await execa('bash', ['--norc', '--noprofile', '-c', program], {
      env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, CDBA_CONFIG_DIR: configDir, HOME: configDir },
      extendEnv: false,
    });
    return result.stdout.split('\n').filter(Boolean).sort();
  }

  it('offers the command groups at the top level', async () => {
    const words = await complete('cdba ');
    expect(words).toEqual(expect.arrayContaining(['profile', 'emulator', 'completion']));
    expect(words).not.toContain('help');
  });

  it('offers subcommands of a group, filtered by the prefix', async () => {
    expect(await complete('cdba profile re')).toEqual(['remove', 'rename']);
  });

  it('offers flags of the command and the global ones', async () => {
    const words = await complete('cdba profile add --');
    expect(words).toEqual(expect.arrayContaining(['--public-key', '--private-key-stdin', '--output', '--profile']));
    expect(words).not.toContain('--port');
  });

  it('offers versions and its --fail-within', async () => {
    expect(await complete('cdba versio')).toEqual(['version', 'versions']);
    expect(await complete('cdba versions --fa')).toEqual(['--fail-within']);
  });

  it('offers the fixed values of --output', async () => {
    expect(await complete('cdba profile list --output ')).toEqual(['json', 'pretty', 'table']);
    expect(await complete('cdba profile list -o p')).toEqual(['pretty']);
  });

  it('offers profile names from the config for -P and for profile verbs', async () => {
    expect(await complete('cdba -P ')).toEqual(['prod', 'staging']);
    expect(await complete('cdba profile use st')).toEqual(['staging']);
  });

  it('offers nothing after a flag that takes a free value', async () => {
    expect(await complete('cdba profile add x --public-key ')).toEqual([]);
  });

  it('offers the shells for completion itself', async () => {
    expect(await complete('cdba completion ')).toEqual(['bash', 'fish', 'zsh']);
  });
});

describe('cdba completion', () => {
  it('prints zsh and fish scripts generated from the same tree', async () => {
    const zsh = await cdba(['completion', 'zsh']);
    expect(zsh.exitCode).toBe(0);
    expect(zsh.stdout).toMatch(/^#compdef cdba/);
    expect(zsh.stdout).toContain('complete -F _cdba cdba');
    const fish = await cdba(['completion', 'fish']);
    expect(fish.exitCode).toBe(0);
    expect(fish.stdout).toContain("complete -c cdba -n '__fish_use_subcommand' -a profile");
    expect(fish.stdout).toContain("-l output -s o -x -a 'table json pretty'");
  });

  it('__complete answers an operation\'s flags and a flag\'s values (after --, a flag is a word)', async () => {
    const flags = await cdba(['__complete', '--', 'api-operation-flags', 'getMongoDbVersions']);
    expect(flags.exitCode).toBe(0);
    expect(flags.stdout.split('\n')).toEqual(expect.arrayContaining(['--cloud-provider', '--default-status', '--items-per-page', '--all', '--help']));
    expect((await cdba(['__complete', '--', 'api-operation-flags', 'getMongoDbVersions', '--cloud-provider'])).stdout).toBe('AWS\nAZURE\nGCP\nTENANT\n');
    expect((await cdba(['__complete', '--', 'api-operation-flags', 'listClusters', '--envelope'])).stdout).toBe('false\ntrue\n');
    // A body's flags where the operation takes one; nothing for a free value, an unknown flag or operation, or a path.
    expect((await cdba(['__complete', '--', 'api-operation-flags', 'createCluster'])).stdout.split('\n')).toEqual(expect.arrayContaining(['--file', '-f', '--field']));
    for (const words of [['getCluster', '--cluster-name'], ['getCluster', '--nope'], ['noSuchOperation'], ['/groups/x/clusters']]) {
      const result = await cdba(['__complete', '--', 'api-operation-flags', ...words]);
      expect({ words, stdout: result.stdout, exitCode: result.exitCode }).toEqual({ words, stdout: '', exitCode: 0 });
    }
  });

  it('refuses an unknown shell with exit 2 and one line', async () => {
    const result = await cdba(['completion', 'powershell']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('bash, zsh, fish');
  });
});
