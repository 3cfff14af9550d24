// `npm run man`: writes man/*.1 from the command tree (the build's gen-man entry),
// and, when writing the repository's own man/, the `man` list of package.json
// that npm installs them from: one page per top-level command, never kept by hand.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { manPages } from './pages.js';

const outDir = resolve(process.argv[2] ?? 'man');
mkdirSync(outDir, { recursive: true });
const pages = manPages();
for (const page of pages) writeFileSync(join(outDir, page.file), page.text);

if (process.argv[2] === undefined) {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { man?: string[] };
  pkg.man = pages.map((page) => `man/${page.file}`).sort();
  writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
}
