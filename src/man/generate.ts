// `npm run man`: writes man/*.1 from the command tree (the build's gen-man entry).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { manPages } from './pages.js';

const outDir = resolve(process.argv[2] ?? 'man');
mkdirSync(outDir, { recursive: true });
for (const page of manPages()) writeFileSync(join(outDir, page.file), page.text);
