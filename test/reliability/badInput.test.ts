// Guarantee: bad input gives one line on stderr (`cdba: ...`), no stack trace
// and the documented exit code; when the client can tell the input is bad, it
// sends nothing (each case runs against its own emulator, whose stats must show
// zero requests).
//
// The cases are data: test/fixtures/bad-input/*.json, one file per case:
//   description  why the input is bad
//   argv         the arguments; "$DIR" is a temporary directory holding `files`
//   stdin        text, or {repeat, bytes, prefix?, suffix?} for generated input
//   files        {name: text | {repeat, bytes, prefix?, suffix?}} written to $DIR
//   modes        {name: octal} applied after the files are written ("." is $DIR itself)
//   seed         fields added to the emulator's seed (support.ts knownSeed), e.g. flexClusters
//   env          variables ("$DIR" as in argv) added to (or, with null, removed from) the emulator's
//                CDBA_BASE_URL, CDBA_PUBLIC_KEY, CDBA_PRIVATE_KEY and CDBA_PROJECT_ID
//   exit         the expected exit code
//   stderr       a regular expression the one stderr line must match
//   sent         whether the emulator sees a request (default: exit is not 2)
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import type { SeedDocument } from '../../src/emulator/index.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed } from './support.js';

type Generated = { repeat: string; bytes: number; prefix?: string; suffix?: string };
type Content = string | Generated;

interface BadInputCase {
  description: string;
  argv: string[];
  stdin?: Content;
  files?: Record<string, Content>;
  modes?: Record<string, string>;
  seed?: Partial<SeedDocument>;
  env?: Record<string, string | null>;
  exit: number;
  stderr: string;
  sent?: boolean;
}

const FIXTURES = resolve(import.meta.dirname, '../fixtures/bad-input');

function load(file: string): BadInputCase {
  const value = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as BadInputCase;
  const problems: string[] = [];
  if (typeof value.description !== 'string') problems.push('description');
  if (!Array.isArray(value.argv) || !value.argv.every((a) => typeof a === 'string')) problems.push('argv');
  if (!Number.isInteger(value.exit)) problems.push('exit');
  if (typeof value.stderr !== 'string') problems.push('stderr');
  const known = new Set(['description', 'argv', 'stdin', 'files', 'modes', 'seed', 'env', 'exit', 'stderr', 'sent']);
  problems.push(...Object.keys(value).filter((key) => !known.has(key)));
  if (problems.length > 0) throw new Error(`${file}: missing or malformed ${problems.join(', ')}`);
  return value;
}

function materialize(content: Content): string {
  if (typeof content === 'string') return content;
  const head = content.prefix ?? '';
  const tail = content.suffix ?? '';
  const fill = Math.max(0, content.bytes - head.length - tail.length);
  return head + content.repeat.repeat(Math.ceil(fill / content.repeat.length)).slice(0, fill) + tail;
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();
const cases = files.map((file) => [file, load(file)] as const);

describe('bad input corpus', () => {
  it('has at least 60 cases, each file a valid case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.concurrent.each(cases)('%s', async (file, c) => {
    const dir = tempDir('cdba-bad-input-');
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), materialize(content));
    for (const [name, mode] of Object.entries(c.modes ?? {})) chmodSync(join(dir, name), parseInt(mode, 8));
    const { emu } = await withEmulator({ seed: knownSeed(c.seed) });
    try {
      const env: Record<string, string | undefined> = { ...digestEnv(emu.url) };
      for (const [name, value] of Object.entries(c.env ?? {})) env[name] = value?.replaceAll('$DIR', dir) ?? undefined;
      const result = await cdba(
        c.argv.map((arg) => arg.replaceAll('$DIR', dir)),
        { env, ...(c.stdin !== undefined ? { input: materialize(c.stdin) } : {}) },
      );
      expectOneErrorLine(result, c.exit, new RegExp(c.stderr));
      const sent = c.sent ?? c.exit !== 2;
      const { total } = emu.stats();
      if (sent) expect(total, `${file}: the service should have been asked`).toBeGreaterThan(0);
      else expect(total, `${file}: ${c.description}: detectable on the client, yet ${total} requests were sent`).toBe(0);
      expect(emu.unexpectedErrors()).toEqual([]);
    } finally {
      await emu.stop();
    }
  });
});
