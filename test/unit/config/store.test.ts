// The profiles file: where it lives, its modes, locked read-modify-write.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigStore, configDirFor, MAX_CONFIG_DEPTH, shapeProblem } from '../../../src/config/store.js';
import { UsageError } from '../../../src/base/errors.js';
import { tempDir } from '../../helpers/cli.js';

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('configDirFor', () => {
  it.each([
    ['CDBA_CONFIG_DIR wins', { CDBA_CONFIG_DIR: '/c', XDG_CONFIG_HOME: '/x', HOME: '/h' }, '/c'],
    ['then $XDG_CONFIG_HOME/cdba', { XDG_CONFIG_HOME: '/x', HOME: '/h' }, '/x/cdba'],
    ['then ~/.config/cdba', { HOME: '/h' }, '/h/.config/cdba'],
    ['an empty XDG_CONFIG_HOME is ignored', { XDG_CONFIG_HOME: '', HOME: '/h' }, '/h/.config/cdba'],
  ] as const)('%s', (_label, env, expected) => {
    expect(configDirFor(env)).toBe(expected);
  });
});

describe('ConfigStore', () => {
  it('creates its directory 0700 and writes the file 0600', async () => {
    const dir = join(tempDir(), 'nested', 'cdba');
    const store = await ConfigStore.open(dir);
    await store.update((config) => {
      config.profiles.a = { publicKey: 'pub' };
    });
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(mode(dir)).toBe(0o700);
    expect(mode(store.path)).toBe(0o600);
  });

  it('tightens an existing directory to 0700 when it writes, not when it reads', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const store = await ConfigStore.open(dir);
    store.read();
    expect(mode(dir)).toBe(0o755);
    await store.update(() => undefined);
    expect(mode(dir)).toBe(0o700);
  });

  it('opening and reading create nothing: a missing directory is an empty config', async () => {
    const dir = join(tempDir(), 'absent', 'cdba');
    const store = await ConfigStore.open(dir);
    expect(store.read()).toEqual({ profiles: {} });
    expect(existsSync(dir)).toBe(false);
  });

  it('a config directory that is a file: reads find no profiles, a write is one usage error naming it', async () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    for (const [dir, reason] of [[file, 'a file is in the way'], [join(file, 'cdba'), 'a part of the path is a file, not a directory']] as const) {
      const store = await ConfigStore.open(dir);
      expect(store.read()).toEqual({ profiles: {} });
      const written = store.update(() => undefined);
      await expect(written).rejects.toBeInstanceOf(ConfigError);
      await expect(written).rejects.toThrow(`cannot create config directory ${dir}: ${reason}`);
    }
  });

  it('a config.json that is a directory is a usage error naming the file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'config.json'));
    await expect(ConfigStore.open(dir)).rejects.toThrow(`cannot read config file ${join(dir, 'config.json')}: it is a directory`);
  });

  it('a syntax error is placed by line and column, never quoted: the file may hold a private key', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"profiles":{"p":{"publicKey":"abc",\n"privateKey":TOPSECRET-PRIVATE-KEY-123}}}', { mode: 0o600 });
    const error = (await ConfigStore.open(dir).catch((e: unknown) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`cannot read config file ${join(dir, 'config.json')}: invalid JSON at line 2, column 14: Unexpected token`);
    expect(error.message).not.toMatch(/TOPSECRET|SECRET|ivateKey/);
  });

  it('a config.json others could have written is refused, secrets or not, naming the fix', async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, '{"profiles":{"p":{"baseUrl":"https://attacker.example"}}}', { mode: 0o600 });
    chmodSync(dir, 0o777);
    let error = (await ConfigStore.open(dir).catch((e: unknown) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`refusing to read config file ${path}: directory ${dir} is writable by others (mode 0777)`);
    expect(error.hint).toBe(`run chmod 700 ${dir}`);
    chmodSync(dir, 0o700);
    chmodSync(path, 0o666);
    error = (await ConfigStore.open(dir).catch((e: unknown) => e)) as ConfigError;
    expect(error.message).toBe(`refusing to read config file ${path}: ${path} is writable by others (mode 0666)`);
    expect(error.hint).toBe(`run chmod 600 ${path}`);
    chmodSync(path, 0o644); // readable by others is no refusal (a warning when it holds secrets)
    expect((await ConfigStore.open(dir)).read().profiles.p).toEqual({ baseUrl: 'https://attacker.example' });
  });

  it.skipIf(process.getuid?.() !== 0)("a config.json of another user's (not root's) is refused", async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, '{"profiles":{}}', { mode: 0o600 });
    chownSync(path, 65534, 65534);
    const error = (await ConfigStore.open(dir).catch((e: unknown) => e)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`refusing to read config file ${path}: ${path} is owned by another user (uid 65534)`);
  });

  it('a config.json that is a symbolic link is refused', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'elsewhere.json'), '{"profiles":{}}', { mode: 0o600 });
    symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'config.json'));
    await expect(ConfigStore.open(dir)).rejects.toThrow(`refusing to read config file ${join(dir, 'config.json')}: ${join(dir, 'config.json')} is a symbolic link`);
  });

  it('does not write the file just by opening it (the write would happen outside the lock)', async () => {
    // conf writes its defaults on construction when the file is absent. Two
    // processes opening a fresh directory then race: the late default write
    // overwrites a profile the other process saved under the lock.
    const dir = tempDir();
    await ConfigStore.open(dir);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('reads an absent file as no profiles', async () => {
    const store = await ConfigStore.open(tempDir());
    expect(store.read()).toEqual({ profiles: {} });
  });

  it('update() applies the change to a fresh read, so other writers are not lost', async () => {
    const dir = tempDir();
    const first = await ConfigStore.open(dir);
    const second = await ConfigStore.open(dir);
    await first.update((config) => {
      config.profiles.a = { publicKey: 'a' };
    });
    await second.update((config) => {
      config.profiles.b = { publicKey: 'b' };
      config.currentProfile = 'b';
    });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { a: { publicKey: 'a' }, b: { publicKey: 'b' } },
      currentProfile: 'b',
    });
    expect(first.read().profiles).toEqual({ a: { publicKey: 'a' }, b: { publicKey: 'b' } });
  });

  it('update() returns the change result and releases the lock after a throw', async () => {
    const dir = tempDir();
    const store = await ConfigStore.open(dir);
    expect(await store.update(() => 42)).toBe(42);
    await expect(
      store.update(() => {
        throw new UsageError('no');
      }),
    ).rejects.toThrow('no');
    expect(existsSync(join(dir, 'config.lock'))).toBe(false);
    await store.update((config) => {
      config.profiles.after = {};
    });
    expect(store.read().profiles).toHaveProperty('after');
  });

  it('a throwing change leaves the file as it was', async () => {
    const dir = tempDir();
    const store = await ConfigStore.open(dir);
    await store.update((config) => {
      config.profiles.a = { projectId: 'cccccccccccccccccccccccc' };
    });
    const before = readFileSync(store.path);
    await expect(
      store.update((config) => {
        config.profiles.b = {};
        throw new UsageError('refused');
      }),
    ).rejects.toThrow('refused');
    expect(readFileSync(store.path).equals(before)).toBe(true);
  });

  it('takes over a lock left behind by a killed process', async () => {
    const dir = tempDir();
    const store = await ConfigStore.open(dir);
    const lock = join(dir, 'config.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await store.update((config) => {
      config.profiles.x = {};
    });
    expect(store.read().profiles).toHaveProperty('x');
    expect(existsSync(lock)).toBe(false);
  });

  it('a file that is not JSON is a usage error naming the file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{ not json', { mode: 0o600 });
    const opened = ConfigStore.open(dir);
    await expect(opened).rejects.toBeInstanceOf(ConfigError);
    await expect(opened).rejects.toBeInstanceOf(UsageError);
    await expect(opened).rejects.toThrow(join(dir, 'config.json'));
  });

  it.each([['an array', '[]'], ['null', 'null'], ['a string', '"x"']])('a file holding %s is a usage error naming the file', async (_label, text) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    await expect(ConfigStore.open(dir)).rejects.toThrow(`invalid config file ${join(dir, 'config.json')}: expected a JSON object, found ${_label}`);
  });

  it.each([
    ['profiles: []', { profiles: [] }, 'profiles must be an object, not an array'],
    ['profiles: null', { profiles: null }, 'profiles must be an object, not null'],
    ['profiles: a string', { profiles: 'abc' }, 'profiles must be an object, not a string'],
    ['a profile that is a number', { profiles: { p: 5 } }, 'profiles.p must be an object, not a number'],
    ['a profile that is null', { profiles: { p: null } }, 'profiles.p must be an object, not null'],
    ['a value that is null', { profiles: { p: { projectId: null } } }, 'profiles.p.projectId must be a string, not null'],
    ['a value that is a number', { profiles: { p: { apiVersion: 20230201 } } }, 'profiles.p.apiVersion must be a string, not a number'],
    ['a value that is an object', { profiles: { p: { privateKey: { k: 1 } } } }, 'profiles.p.privateKey must be a string, not an object'],
    ['currentProfile a boolean', { currentProfile: true, profiles: {} }, 'currentProfile must be a string, not a boolean'],
    ['a name with a newline', { profiles: { 'a\nb': 1 } }, 'profiles["a\\nb"] must be an object, not a number'],
  ])('wrong JSON types (%s): one usage error naming file and field; writes leave the file alone', async (_label, content, field) => {
    const dir = tempDir();
    const text = JSON.stringify(content);
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const message = `invalid config file ${join(dir, 'config.json')}: ${field}`;
    await expect(ConfigStore.open(dir)).rejects.toThrow(message);
    await expect(ConfigStore.open(dir)).rejects.toBeInstanceOf(ConfigError);
    expect(shapeProblem(content)).toBe(field);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(text);
  });

  it.each([
    ['an unknown field of a profile', (deep: string) => `{"profiles":{"a":{"publicKey":"p","x":${deep}}}}`, 'profiles.a.x'],
    ['an unknown field at the top', (deep: string) => `{"later":${deep},"profiles":{}}`, 'later'],
    ['a field of a profile whose name is not a word', (deep: string) => `{"profiles":{"a b":{"x":{"y":${deep}}}}}`, 'profiles["a b"].x'],
  ])('%s nested 100000 deep: one usage error naming the file and the field; a write leaves the file alone', async (_label, make, field) => {
    const dir = tempDir();
    const store = await ConfigStore.open(dir);
    const text = make(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const message = `invalid config file ${join(dir, 'config.json')}: ${field} nests more than ${MAX_CONFIG_DEPTH} levels deep`;
    await expect(ConfigStore.open(dir)).rejects.toThrow(message);
    expect(shapeProblem(JSON.parse(text))).toBe(`${field} nests more than ${MAX_CONFIG_DEPTH} levels deep`);
    // The write (JSON.stringify) ran out of stack: "Maximum call stack size exceeded", exit 1.
    const written = store.update((config) => {
      config.profiles.b = { publicKey: 'q' };
    });
    await expect(written).rejects.toBeInstanceOf(ConfigError);
    await expect(written).rejects.toThrow(message);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(text);
  });

  it(`${MAX_CONFIG_DEPTH} levels are taken (a newer cdba's field); one more is refused`, () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    // The document is level 1, profiles 2, the profile 3, its field's array 4.
    expect(shapeProblem({ profiles: { a: { x: nest(MAX_CONFIG_DEPTH - 3) } } })).toBeUndefined();
    expect(shapeProblem({ profiles: { a: { x: nest(MAX_CONFIG_DEPTH - 2) } } })).toBe(`profiles.a.x nests more than ${MAX_CONFIG_DEPTH} levels deep`);
  });

  it('unknown keys are kept: they may belong to a newer cdba', () => {
    expect(shapeProblem({ profiles: { p: { projectId: 'x', future: 1 } }, later: [1] })).toBeUndefined();
  });

  it('reads what was written, keys and values as stored', async () => {
    const dir = tempDir();
    const store = await ConfigStore.open(dir);
    await store.update((config) => {
      config.currentProfile = 'p';
      config.profiles.p = { publicKey: 'k', projectId: 'cccccccccccccccccccccccc', output: 'pretty' };
    });
    const again = await ConfigStore.open(dir);
    expect(again.read()).toEqual({ currentProfile: 'p', profiles: { p: { publicKey: 'k', projectId: 'cccccccccccccccccccccccc', output: 'pretty' } } });
  });
});
