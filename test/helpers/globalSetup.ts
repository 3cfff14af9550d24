// Once per `vitest run`: one temporary directory that holds every other one the
// tests make (tempDir in cli.ts reads CDBA_TEST_TMP), and the code-cache
// directory that every CLI process the tests start shares (cleanEnv in cli.ts);
// all removed at the end. (Each run used to leave thousands of directories in /tmp.)
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'cdba-test-run-'));
  // Traversable: some tests run cdba as nobody in a directory of their own beneath it.
  chmodSync(root, 0o755);
  const codeCache = join(root, 'code-cache');
  mkdirSync(codeCache, { mode: 0o700 });
  process.env.CDBA_TEST_TMP = root;
  process.env.CDBA_TEST_CODE_CACHE = codeCache;
  return () => rmSync(root, { recursive: true, force: true });
}
