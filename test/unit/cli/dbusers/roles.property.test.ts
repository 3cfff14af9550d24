// The --role and --scope parsers: every valid role@db[.collection] parses back to its
// parts and formats to the same text; bare names are built-ins at admin or refused;
// a built-in for every database is refused at any other database; every refusal is a
// UsageError (exit 2) that quotes the flag value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { ADMIN_ROLES, DATABASE_ROLES, formatRole, formatScope, parseRole, parseScope } from '../../../../src/cli/dbusers/roles.js';

const BUILT_IN = [...ADMIN_ROLES, ...DATABASE_ROLES].map((r) => r.toLowerCase());
/** A custom role's name: none of the built-ins, in any case. */
const roleName = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/).filter((n) => !BUILT_IN.includes(n.toLowerCase()));
const databaseName = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const collectionName = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/);

function refusal(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a refusal');
}

describe('parseRole', () => {
  it('reads role@db and role@db.collection, and formats them back to the same text', () => {
    fc.assert(
      fc.property(roleName, databaseName, fc.option(collectionName, { nil: undefined }), (role, db, collection) => {
        const text = `${role}@${db}${collection === undefined ? '' : `.${collection}`}`;
        const parsed = parseRole(text);
        expect(parsed).toEqual({ roleName: role, databaseName: db, ...(collection === undefined ? {} : { collectionName: collection }) });
        expect(formatRole(parsed)).toBe(text);
      }),
    );
  });

  it('puts the built-ins for every database at admin, bare or @admin, and nowhere else', () => {
    for (const role of ADMIN_ROLES) {
      expect(parseRole(role)).toEqual({ roleName: role, databaseName: 'admin' });
      expect(parseRole(`${role}@admin`)).toEqual({ roleName: role, databaseName: 'admin' });
    }
    fc.assert(
      fc.property(fc.constantFrom(...ADMIN_ROLES), databaseName.filter((db) => db !== 'admin'), (role, db) => {
        expect(refusal(() => parseRole(`${role}@${db}`)).message).toMatch(new RegExp(`applies to every database and is granted at admin: give it as ${role}$`));
      }),
    );
  });

  it('refuses a role without @db: a built-in for one database by its name, anything else as an unknown built-in', () => {
    for (const role of DATABASE_ROLES) expect(refusal(() => parseRole(role)).message).toBe(`invalid --role "${role}": ${role} is granted on one database: give it as ${role}@<database>`);
    fc.assert(
      fc.property(roleName.filter((n) => !(DATABASE_ROLES as readonly string[]).includes(n)), (role) => {
        expect(refusal(() => parseRole(role)).message).toMatch(/^invalid --role ".*": not a built-in role that needs no database \(atlasAdmin, /);
      }),
    );
  });

  it('refuses a built-in role\'s name in another case, bare or @db, naming the built-in', () => {
    expect(refusal(() => parseRole('readwrite@app')).message).toBe('invalid --role "readwrite@app": readwrite is not a role; did you mean readWrite? Built-in role names are case-sensitive');
    expect(refusal(() => parseRole('ATLASADMIN')).message).toBe('invalid --role "ATLASADMIN": ATLASADMIN is not a role; did you mean atlasAdmin? Built-in role names are case-sensitive');
    fc.assert(
      fc.property(fc.constantFrom(...ADMIN_ROLES, ...DATABASE_ROLES), fc.boolean(), databaseName, (role, upper, db) => {
        const other = upper ? role.toUpperCase() : role.toLowerCase();
        fc.pre(other !== role);
        expect(refusal(() => parseRole(`${other}@${db}`)).message).toContain(`did you mean ${role}?`);
      }),
    );
  });

  it('refuses any text whose role or database is empty or holds a forbidden character, never throwing anything but a UsageError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          const parsed = parseRole(text);
          // What it accepts is exactly what the grammar allows.
          expect(parsed.roleName).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(parsed.databaseName).toMatch(/^[^/\\. "$*<>:|?]{1,64}$/);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message.startsWith(`invalid --role "${text}": `)).toBe(true);
        }
      }),
    );
    for (const text of ['@app', 'readWrite@', 'read write@app', 'readWrite@a/b', 'readWrite@a b', 'readWrite@$external', 'readWrite@app.', `readWrite@${'d'.repeat(65)}`]) {
      refusal(() => parseRole(text));
    }
  });
});

describe('parseScope', () => {
  it('reads cluster:<name> (and data-lake:, stream:) and formats it back', () => {
    fc.assert(
      fc.property(fc.constantFrom('cluster', 'data-lake', 'stream'), fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9-]{0,30}$/), (type, name) => {
        const parsed = parseScope(`${type}:${name}`);
        expect(parsed.name).toBe(name);
        expect(formatScope(parsed)).toBe(`${type}:${name}`);
      }),
    );
  });

  it('refuses a scope without a known type or with a name the service refuses', () => {
    for (const text of ['c1', 'clusters:c1', 'cluster:', 'cluster:-c1', 'cluster:c_1', ':c1']) {
      expect(refusal(() => parseScope(text)).message).toMatch(/^invalid --scope /);
    }
  });
});
