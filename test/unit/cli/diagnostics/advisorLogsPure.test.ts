// The pure parts of `logs download` and `performance-advisor`: the file name taken from
// Content-Disposition (never a path, only safe characters) and the createIndex command
// (server names as escaped JavaScript literals, safe to paste and to show).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompressedName, dispositionFileName, MAX_FILE_NAME, RunFileNames, safeFileName } from '../../../../src/cli/logs/fileName.js';
import { createIndexCommand, jsString, keyDocument } from '../../../../src/cli/performance-advisor/createIndex.js';

describe('log file names', () => {
  it('reads the recorded Content-Disposition and keeps its name, times made safe', () => {
    const header = 'attachment; filename="atlas-3mu7hn-shard-00-00.zsv9js.mongodb-dev.net_2026-08-09T03:44:43.00000052_2026-08-10T03:44:43.00000052_MONGODB.log.gz"';
    expect(safeFileName(dispositionFileName(header), 'x')).toBe('atlas-3mu7hn-shard-00-00.zsv9js.mongodb-dev.net_2026-08-09T03_44_43.00000052_2026-08-10T03_44_43.00000052_MONGODB.log.gz');
    expect(dispositionFileName("attachment; filename*=UTF-8''a%2Fb.gz")).toBe('a/b.gz');
    expect(dispositionFileName(undefined)).toBeUndefined();
  });

  it('never a path, a hidden file, a dot name or an empty one', () => {
    expect(safeFileName('../../etc/passwd', 'f')).toBe('passwd');
    expect(safeFileName('..', 'f')).toBe('f');
    expect(safeFileName('.bashrc', 'f')).toBe('bashrc');
    expect(safeFileName('a\\b\u0000c\nd', 'f')).toBe('b_c_d');
    expect(safeFileName(undefined, 'f')).toBe('f');
    expect(decompressedName('h_MONGODB.log.gz')).toBe('h_MONGODB.log');
  });

  it('property: any server text gives a plain file name of safe characters within the cap', () => {
    fc.assert(fc.property(fc.string({ maxLength: 600 }), (text) => {
      const name = safeFileName(text, 'fallback');
      expect(name).toMatch(/^[A-Za-z0-9-][A-Za-z0-9._-]*$/);
      expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME);
      expect(name).not.toContain('/');
    }));
  });

  it("one run's names: a name taken again gets -2, -3 before its ending; long host names cut alike stay apart (env diagnose's logs/<host>.log)", () => {
    const names = new RunFileNames();
    for (const [wanted, got] of [['mongodb.log.gz', 'mongodb.log.gz'], ['mongodb.log.gz', 'mongodb-2.log.gz'], ['MongoDB.log.gz', 'MongoDB-3.log.gz'], ['h.log', 'h.log'], ['h.log', 'h-2.log'], ['plain', 'plain'], ['plain', 'plain-2']]) {
      const free = names.free(wanted!);
      expect(free, wanted).toBe(got);
      names.take(free);
    }
    // A name not taken (a host whose download failed) stays free.
    expect(names.free('other.log.gz')).toBe('other.log.gz');
    expect(names.free('other.log.gz')).toBe('other.log.gz');
    // Two hosts of 250 characters differing only in their first: safeFileName keeps the last 200 of each.
    const long = (first: string): string => `${first}${'a'.repeat(240)}.example.net`;
    const [one, two] = [`${safeFileName(long('x'), 'host')}.log`, `${safeFileName(long('y'), 'host')}.log`];
    expect(one).toBe(two);
    const diagnose = new RunFileNames();
    const first = diagnose.free(one);
    diagnose.take(first);
    const second = diagnose.free(two);
    expect([first, second]).toEqual([one, `${one.slice(0, -4).slice(-(MAX_FILE_NAME - 6))}-2.log`]);
    expect(second.length).toBeLessThanOrEqual(MAX_FILE_NAME);
  });

  it('property: the names of one run (safe names, as safeFileName gives them) are distinct without case, safe and within the cap', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a.log.gz', 'A.log.gz', 'a.log', 'x'.repeat(MAX_FILE_NAME - 7) + '.log.gz', `a...${'x'.repeat(MAX_FILE_NAME - 11)}.log.gz`, 'b.gz', 'b-2.gz'), { maxLength: 30 }), (wanted) => {
      const names = new RunFileNames();
      const given = wanted.map((name) => {
        const free = names.free(name);
        names.take(free);
        return free;
      });
      expect(new Set(given.map((name) => name.toLowerCase())).size).toBe(given.length);
      for (const name of given) {
        expect(name).toMatch(/^[A-Za-z0-9-][A-Za-z0-9._-]*$/);
        expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME);
      }
    }));
  });
});

describe('createIndex commands', () => {
  it('the index key documents a user pastes into mongosh', () => {
    expect(createIndexCommand('sample.movies', [{ year: 1 }, { title: 1 }])).toBe('db.getSiblingDB("sample").getCollection("movies").createIndex({ "year": 1, "title": 1 })');
    expect(createIndexCommand('db.coll.with.dots', [{ a: -1 }, { b: 'text' }])).toBe('db.getSiblingDB("db").getCollection("coll.with.dots").createIndex({ "a": -1, "b": "text" })');
  });

  it('escapes quotes, backslashes, control and bidi characters; refuses what is not an index', () => {
    expect(jsString('a"b\\c\nd\u202ee😀')).toBe('"a\\u0022b\\u005cc\\u000ad\\u202ee\\ud83d\\ude00"');
    expect(createIndexCommand('x', [{ a: 1 }])).toBeUndefined();
    expect(keyDocument([{ a: 2 }])).toBeUndefined();
    expect(keyDocument([{ a: 1, b: 1 }])).toBeUndefined();
    expect(keyDocument('nope')).toBeUndefined();
    expect(keyDocument([])).toBeUndefined();
  });

  it('property: a rendered command is printable ASCII, and its literals read back as the names', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), (db, coll, field) => {
      fc.pre(!db.includes('.'));
      const command = createIndexCommand(`${db}.${coll}`, [{ [field]: 1 }])!;
      expect(command).toMatch(/^[\x20-\x7e]+$/);
      const literals = [...command.matchAll(/"((?:[^"\\]|\\u[0-9a-f]{4})*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
      expect(literals).toEqual([db, coll, field]);
    }));
  });
});
