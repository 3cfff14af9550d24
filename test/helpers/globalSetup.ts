// Once per `vitest run`: a code-cache directory that every CLI process the tests
// start shares (cleanEnv in cli.ts), removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'cdba-test-code-cache-'));
  process.env.CDBA_TEST_CODE_CACHE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
