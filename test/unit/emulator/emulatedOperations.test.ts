// The README's list of the operations the emulator serves is generated from its modules
// (npm run emulated-operations); it fails here when stale. Each operation a module serves
// is one of the service's description, found by method and path, not by a hand list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { END, START, emulatedOperations, emulatedSection } from '../../helpers/emulatedOperations.js';

it('the README\'s list of emulated operations is what the modules serve (npm run emulated-operations)', async () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const written = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  expect(written, 'the README has the section').toMatch(/^<!-- emulated-operations/);
  expect(written, 'run npm run emulated-operations').toBe(await emulatedSection());
});

it('every operation a module serves is an operation of the description', async () => {
  const all = await emulatedOperations();
  expect(all.length).toBeGreaterThan(70);
  expect(all.filter((op) => op.operationId === undefined).map((op) => op.name)).toEqual([]);
});
