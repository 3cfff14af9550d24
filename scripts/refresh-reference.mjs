// `npm run refresh-reference [-- DIR]`: copies the reference material (OpenAPI
// descriptions and recorded live responses) from DIR, by default the shared
// folder beside the clone (../shared/reference), into test/fixtures/reference,
// which is what the tests read. Files gone from DIR are removed; the lines it
// prints say what was added, changed and removed, for the commit message.
// Afterwards: `npm test`, and the dates in test/fixtures/SOURCES.md.
/* global process, console */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const TARGET = join(REPO, 'test', 'fixtures', 'reference');
const source = resolve(process.argv[2] ?? join(REPO, '..', 'shared', 'reference'));
if (!existsSync(join(source, 'openapi'))) {
  console.error(`refresh-reference: ${source} has no openapi/ folder; name the reference folder: npm run refresh-reference -- DIR`);
  process.exit(2);
}

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const counts = { added: 0, changed: 0, removed: 0 };
const wanted = new Set();
for (const from of files(source)) {
  const name = relative(source, from);
  wanted.add(name);
  const to = join(TARGET, name);
  const existed = existsSync(to);
  if (existed && readFileSync(to).equals(readFileSync(from))) continue;
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
  counts[existed ? 'changed' : 'added'] += 1;
  console.log(`${existed ? 'changed' : 'added'}: ${name}`);
}
for (const old of [...files(TARGET)]) {
  const name = relative(TARGET, old);
  if (wanted.has(name)) continue;
  rmSync(old);
  counts.removed += 1;
  console.log(`removed: ${name}`);
}
console.log(`refresh-reference: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed (from ${source})`);
