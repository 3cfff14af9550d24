// `cdba dbusers list|get|create|update|delete` in process against an emulator: what
// each sends and prints, where a password comes from (prompt, stdin, generated) and
// where it never goes (argv, --debug traces, errors), and hints that carry the
// invocation's -P / --project-id / --base-url.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { tempDir } from '../../helpers/cli.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, PROJECT_ID } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const creates = (): number => emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/databaseUsers'] ?? 0;

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed() }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

describe('dbusers create', () => {
  it('--generate-password prints the password alone on stdout, once; the user has it and nothing else shows it', async () => {
    const result = await cdba(['dbusers', 'create', 'gen1', '--role', 'readWrite@app', '--scope', 'cluster:c1', '--generate-password', '--debug'], { env });
    expect(result.exitCode).toBe(0);
    const password = result.stdout.trimEnd();
    expect(result.stdout).toMatch(/^[A-Za-z0-9]{24}\n$/);
    expect(result.stderr).not.toContain(password);
    // The trace showed the request body, with the password redacted.
    expect(result.stderr).toMatch(/> \{"username":"gen1".*"password":"\[REDACTED\]"/);
    expect(result.stderr).toMatch(/cdba: database user gen1 created; its password was printed once/);
    const user = json((await cdba(['dbusers', 'get', 'gen1', '-o', 'json'], { env })).stdout);
    expect(user).toMatchObject({ username: 'gen1', roles: [{ databaseName: 'app', roleName: 'readWrite' }], scopes: [{ name: 'c1', type: 'CLUSTER' }] });
    expect(JSON.stringify(user)).not.toContain(password);
  });

  it('--generate-password -o json puts the password in the document, as "password"', async () => {
    const before = Date.now();
    const result = await cdba(['dbusers', 'create', 'gen2', '--role', 'atlasAdmin', '--delete-after', '2h', '--generate-password', '-o', 'json'], { env });
    const after = Date.now();
    expect(result.exitCode).toBe(0);
    const document = json(result.stdout);
    expect(document.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(document).toMatchObject({ username: 'gen2', databaseName: 'admin', roles: [{ databaseName: 'admin', roleName: 'atlasAdmin' }] });
    // Two hours from when the command ran, to the whole second (rounded up).
    const ends = Date.parse(document.deleteAfterDate as string);
    expect(ends).toBeGreaterThanOrEqual(Math.floor((before + 7_200_000) / 1000) * 1000);
    expect(ends).toBeLessThanOrEqual(after + 7_200_000 + 1000);
  });

  it('--generate-password with --query is refused before any request: the query could leave out the one copy of the password', async () => {
    const before = creates();
    const updates = (): number => emu.stats().byPath['PATCH /api/atlas/v2/groups/{groupId}/databaseUsers/{databaseName}/{username}'] ?? 0;
    const updatesBefore = updates();
    for (const query of ['username', 'password']) {
      const created = await cdba(['dbusers', 'create', 'gen3', '--role', 'read@app', '--generate-password', '-o', 'json', '--query', query], { env });
      expectOneErrorLine(created, 2, /--generate-password prints the password once and keeps it nowhere, so --query cannot pick from that answer: leave out --query/);
      expect(created.stdout).toBe('');
    }
    const updated = await cdba(['dbusers', 'update', 'gen2', '--generate-password', '--query', 'roles'], { env });
    expectOneErrorLine(updated, 2, /leave out --query/);
    expect(creates()).toBe(before);
    expect(updates()).toBe(updatesBefore);
    expect((await cdba(['dbusers', 'get', 'gen3'], { env })).exitCode).toBe(4);
  });

  it('--password-stdin reads one line; the password never reaches a trace or an error', async () => {
    const secret = 'piped-Secret-77';
    const result = await cdba(['dbusers', 'create', 'piped', '--role', 'read@app', '--password-stdin', '--debug', '-o', 'json'], { env, input: `${secret}\n` });
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(secret);
    expect(json(result.stdout)).not.toHaveProperty('password');
    const again = await cdba(['dbusers', 'create', 'piped', '--role', 'read@app', '--password-stdin'], { env, input: secret });
    expectOneErrorLine(again, 5, /USER_ALREADY_EXISTS.*change it with cdba dbusers update piped, or delete it first\n$/);
    expect(again.stderr).not.toContain(secret);
  });

  it('asks for the password on a terminal, without echo, and shows the readable view', async () => {
    const result = await cdba(['dbusers', 'create', 'asked', '--role', 'readWrite@app', '--description', 'the app'], { env: { ...env, NO_COLOR: '1' }, tty: true, input: 'typed-Secret-42\n', columns: 100 });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('Password: ');
    expect(result.stderr).not.toContain('typed-Secret-42');
    expect(result.stdout).toMatch(/Username:\s+asked\n/);
    expect(result.stdout).toMatch(/Roles:\s+readWrite@app\n/);
    expect(result.stdout).toMatch(/Scopes:\s+every cluster of the project\n/);
    expect(result.stdout).toMatch(/Description:\s+the app\n/);
  });

  it('creates AWS IAM and X.509 users at $external, and any other type from --file', async () => {
    const role = await cdba(['dbusers', 'create', '--aws-iam-role', 'arn:aws:iam::123456789012:role/app', '--role', 'readWrite@app', '-o', 'json'], { env });
    expect(json(role.stdout)).toMatchObject({ username: 'arn:aws:iam::123456789012:role/app', databaseName: '$external', awsIAMType: 'ROLE' });
    const x509 = await cdba(['dbusers', 'create', 'CN=ci,O=example', '--x509', 'customer', '--role', 'readAnyDatabase', '-o', 'json'], { env });
    expect(json(x509.stdout)).toMatchObject({ username: 'CN=ci,O=example', databaseName: '$external', x509Type: 'CUSTOMER' });
    const ldap = { username: 'CN=marketing,OU=groups,DC=example,DC=com', ldapAuthType: 'GROUP', roles: [{ databaseName: 'sales', roleName: 'readWrite' }] };
    const fromFile = await cdba(['dbusers', 'create', '--file', '-', '-o', 'json'], { env, input: JSON.stringify(ldap) });
    expect(fromFile.exitCode).toBe(0);
    expect(json(fromFile.stdout)).toMatchObject({ ...ldap, databaseName: 'admin', groupId: PROJECT_ID });
    const got = await cdba(['dbusers', 'get', 'CN=ci,O=example', '--auth-db', '$external', '-o', 'json'], { env });
    expect(json(got.stdout).x509Type).toBe('CUSTOMER');
  });

  it('refuses, before any request, what the flags alone show to be wrong', async () => {
    const before = creates();
    const cases: Array<[string[], RegExp]> = [
      [['x', '--role', 'readWrite@app', '--password', 'hunter2hunter2'], /refusing a password on the command line.*; pipe it in with --password-stdin/],
      [['x', '--role', 'readWrite'], /invalid --role "readWrite": readWrite is granted on one database: give it as readWrite@<database>\n$/],
      [['x', '--role', 'atlasAdmn'], /invalid --role "atlasAdmn": not a built-in role that needs no database/],
      [['x', '--role', 'atlasAdmin@app'], /atlasAdmin applies to every database and is granted at admin/],
      [['x'], /give at least one --role/],
      [['x', '--role', 'read@app', '--delete-after', '8d', '--generate-password'], /the service allows at most one week/],
      [['x', '--role', 'read@app', '--x509', 'managed', '--generate-password'], /X\.509 users sign in without a password: leave out --generate-password/],
      [['x', '--role', 'read@app'], /a password is needed and there is no terminal to ask on; pipe it in with --password-stdin/],
      [['--aws-iam-user', 'arn:aws:iam::123456789012:role/app', '--role', 'read@app'], /invalid --aws-iam-user/],
      [['x', '--role', 'read@app', '--scope', 'c1', '--generate-password'], /invalid --scope "c1"/],
    ];
    for (const [args, pattern] of cases) {
      const result = await cdba(['dbusers', 'create', ...args], { env });
      expectOneErrorLine(result, 2, pattern);
      expect(result.stderr).not.toContain('hunter2hunter2');
    }
    expect(creates()).toBe(before);
  });
});

describe('dbusers create --file with a password', () => {
  it('takes the file\'s password, checked as any password before any request, and refuses the password flags beside it', async () => {
    const dir = tempDir('cdba-dbusers-file-');
    const file = (name: string, password: unknown): string => {
      const path = join(dir, `${name}.json`);
      writeFileSync(path, JSON.stringify({ username: name, roles: [{ databaseName: 'app', roleName: 'read' }], password }));
      return path;
    };
    const before = creates();
    const cases: Array<[string[], string | undefined, RegExp]> = [
      [['--file', file('f1', 'FilePassw0rd123'), '--generate-password'], undefined, /the --file body gives a password, and --generate-password gives another: leave out one\n$/],
      [['--file', file('f2', 'FilePassw0rd123'), '--password-stdin'], 'Other-Passw0rd\n', /the --file body gives a password, and --password-stdin gives another/],
      [['--file', file('f3', 'abc')], undefined, /the --file password is too short: the service needs at least 8 characters\n$/],
      [['--file', file('f4', 'two\nlines-here')], undefined, /the --file password holds a line break/],
      [['--file', file('f5', 12345678)], undefined, /--file: "password" is a number; expected a string\n$/],
      [['--file', '-'], JSON.stringify({ username: 'f6', roles: [{ databaseName: 'app', roleName: 'read' }], password: null }), /--file: "password" is null; expected a string/],
    ];
    for (const [args, input, pattern] of cases) {
      const result = await cdba(['dbusers', 'create', ...args], { env, input });
      expectOneErrorLine(result, 2, pattern);
      expect(result.stderr).not.toMatch(/FilePassw0rd123|Other-Passw0rd|lines-here/);
    }
    expect(creates()).toBe(before);
    // A good one is the user's password: sent as given, never printed.
    const made = await cdba(['dbusers', 'create', '--file', file('f7', 'FilePassw0rd123'), '-o', 'json', '--debug'], { env });
    expect(made.exitCode).toBe(0);
    expect(json(made.stdout)).toMatchObject({ username: 'f7' });
    expect(made.stdout + made.stderr).not.toContain('FilePassw0rd123');
    expect(made.stderr).toMatch(/"password":"\[REDACTED\]"/);
  });
});

describe('dbusers list, get, update, delete', () => {
  beforeAll(async () => {
    for (const name of ['u-a', 'u-b']) {
      expect((await cdba(['dbusers', 'create', name, '--role', 'read@app', '--generate-password'], { env })).exitCode).toBe(0);
    }
  });

  it('lists the users in a table fitted to the terminal, and as the list document in a pipe', async () => {
    const table = await cdba(['dbusers', 'list'], { env: { ...env, NO_COLOR: '1' }, tty: true, columns: 60 });
    expect(table.exitCode).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^USERNAME\s+/);
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    expect(table.stdout).toContain('u-a');
    const uncounted = json((await cdba(['dbusers', 'list', '--all', '--no-count', '-o', 'json'], { env })).stdout);
    expect('totalCount' in uncounted, '--all --no-count has no totalCount').toBe(false);
    const listed = json((await cdba(['dbusers', 'list', '--all'], { env })).stdout);
    expect((listed.results as Array<{ username: string }>).map((u) => u.username)).toEqual(expect.arrayContaining(['u-a', 'u-b']));
    const page = json((await cdba(['dbusers', 'list', '--limit', '1', '--page', '2'], { env })).stdout);
    expect((page.results as unknown[]).length).toBe(1);
  });

  it('updates roles, scopes and the end date, sending only those', async () => {
    const result = await cdba(['dbusers', 'update', 'u-a', '--role', 'readWrite@app', '--role', 'read@logs.events', '--scope', 'cluster:c2', '--delete-after', '1h', '-o', 'json'], { env });
    expect(result.exitCode).toBe(0);
    expect(json(result.stdout)).toMatchObject({
      roles: [{ databaseName: 'app', roleName: 'readWrite' }, { collectionName: 'events', databaseName: 'logs', roleName: 'read' }],
      scopes: [{ name: 'c2', type: 'CLUSTER' }],
    });
    const wide = await cdba(['dbusers', 'update', 'u-a', '--all-clusters', '-o', 'json'], { env });
    expect(json(wide.stdout).scopes).toEqual([]);
    expectOneErrorLine(await cdba(['dbusers', 'update', 'u-a'], { env }), 2, /nothing to change/);
  });

  it('rotates a password: generated and printed once, or from stdin', async () => {
    const rotated = await cdba(['dbusers', 'update', 'u-b', '--generate-password'], { env });
    expect(rotated.stdout).toMatch(/^[A-Za-z0-9]{24}\n$/);
    const piped = await cdba(['dbusers', 'update', 'u-b', '--password-stdin', '-o', 'json'], { env, input: 'another-Secret-9\n' });
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout).not.toContain('another-Secret-9');
  });

  it('deletes after --yes, refuses without it off a terminal, and a missing user is exit 4 with hints that carry the context', async () => {
    const refused = await cdba(['dbusers', 'delete', 'u-b'], { env });
    expectOneErrorLine(refused, 2, /refusing to continue without confirmation/);
    const deleted = await cdba(['dbusers', 'delete', 'u-b', '--yes'], { env });
    expect([deleted.exitCode, deleted.stderr]).toEqual([0, 'cdba: database user u-b deleted\n']);
    const { CDBA_BASE_URL: baseUrl, CDBA_PROJECT_ID: _project, ...keys } = env;
    const gone = await cdba(['--base-url', baseUrl!, '--project-id', PROJECT_ID, 'dbusers', 'get', 'u-b'], { env: keys });
    expectOneErrorLine(gone, 4, new RegExp(`USERNAME_NOT_FOUND.*see the project's users with cdba --project-id ${PROJECT_ID} --base-url \\S+ dbusers list; a user of \\$external needs --auth-db '\\$external'\n$`));
  });
});
